import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { DuplicateDetails } from "#domain/schemas/crm.ts";
import type { ApiError } from "#web/lib/api.ts";

export type DuplicateWarning = DuplicateDetails & { message: string };

/** A 409 for a duplicate: the records to open, or only the warning when they are another owner's. */
export function duplicatesOf(error: ApiError): DuplicateWarning | null {
  const details = error.details as Partial<DuplicateDetails> | undefined;
  if (!details?.duplicates?.length && !details?.hidden) return null;
  return { duplicates: details.duplicates ?? [], hidden: details.hidden, message: error.message };
}

/** The form's duplicate warning: open one of the records the caller may see, or create anyway. */
export function DuplicateAlert({
  title,
  warning,
  pathOf,
  onCreateAnyway,
}: {
  title: string;
  warning: DuplicateWarning;
  pathOf: (id: string) => string;
  onCreateAnyway: () => void;
}) {
  return (
    <Alert color="yellow" title={title}>
      <Stack gap={4}>
        <Text size="sm">{warning.message}</Text>
        {warning.duplicates.map((d) => (
          <Anchor key={d.id} component={Link} to={pathOf(d.id)}>
            Abrir {d.name}
          </Anchor>
        ))}
        <Button size="xs" variant="light" w="fit-content" onClick={onCreateAnyway}>
          Criar mesmo assim
        </Button>
      </Stack>
    </Alert>
  );
}
