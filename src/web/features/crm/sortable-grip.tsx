import { ActionIcon } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";

/**
 * The grip a sortable list's row is dragged by (pointer, or keyboard: space picks up, arrows
 * move, space drops). `handleProps` are dnd-kit's attributes and listeners of the row.
 */
export function SortableGrip({
  label,
  activatorRef,
  handleProps,
}: {
  label: string;
  activatorRef: (element: HTMLElement | null) => void;
  handleProps: object;
}) {
  return (
    <ActionIcon
      ref={activatorRef}
      variant="subtle"
      color="gray"
      size="sm"
      style={{ cursor: "grab", touchAction: "none" }}
      {...handleProps}
      aria-label={label}
    >
      <IconGripVertical size={14} aria-hidden />
    </ActionIcon>
  );
}
