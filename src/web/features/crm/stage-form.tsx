import { Button, ColorSwatch, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  STAGE_COLOR_LABELS,
  STAGE_COLORS,
  type StageColor,
  type StageInput,
  stageInputSchema,
} from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";

/** The probability field is empty ("") while the user clears it. */
type StageValues = Omit<StageInput, "winProbability"> & { winProbability: number | "" };

const COLOR_OPTIONS = STAGE_COLORS.map((c) => ({ value: c, label: STAGE_COLOR_LABELS[c] }));

/** A stage's name, colour and win probability, new or edited; the server's schema and messages. */
export function StageForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: StageInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: StageInput, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const form = useForm<StageValues>({
    initialValues: initial ?? { name: "", color: "blue", winProbability: 50 },
    validate: zodValidate(stageInputSchema),
  });
  const color = form.values.color as StageColor;
  return (
    // Validated by the schema first, so the probability is a number by then.
    <form onSubmit={form.onSubmit((values) => onSubmit(values as StageInput, () => form.reset()))} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Nome da etapa"
            data-autofocus={initial ? true : undefined}
            {...form.getInputProps("name")}
          />
          <Select
            label="Cor"
            data={COLOR_OPTIONS}
            allowDeselect={false}
            leftSection={<ColorSwatch color={`var(--mantine-color-${color}-6)`} size={14} aria-hidden />}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={`var(--mantine-color-${option.value}-6)`} size={14} aria-hidden />
                {option.label}
              </Group>
            )}
            {...form.getInputProps("color")}
          />
          <NumberInput
            label="Probabilidade de ganho (%)"
            min={0}
            max={100}
            step={5}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps("winProbability")}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
