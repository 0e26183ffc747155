import { Alert, Button, Center, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { formatCents } from "#domain/money.ts";
import { hourlyRateSchema } from "#domain/schemas/time-entries.ts";
import { MoneyInput } from "../finance/money-input.tsx";
import { useHourlyRates, useSaveHourlyRate } from "./use-time.ts";

type Rate = { userId: string; name: string; rateCents: number | null };

/** "Valores por hora": each person's rate (a project's own rate prevails); editable by who sees everyone's time. */
export function HourlyRatesDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const rates = useHourlyRates(opened);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Valores por hora">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          O valor/hora de cada pessoa entra no custo das horas e no faturamento; o valor/hora de um projeto prevalece.
        </Text>
        {rates.isPending ? (
          <Center p="md" role="status" aria-label="Carregando valores por hora">
            <Loader size="sm" />
          </Center>
        ) : rates.isError ? (
          <Alert color="red">{rates.error.message}</Alert>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pessoa</Table.Th>
                <Table.Th>Valor/hora</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data.rates.map((rate) => (
                <Table.Tr key={rate.userId}>
                  <Table.Td>{rate.name}</Table.Td>
                  <Table.Td>
                    {rates.data.canEdit ? (
                      <RateField rate={rate} />
                    ) : rate.rateCents === null ? (
                      "—"
                    ) : (
                      formatCents(rate.rateCents)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Drawer>
  );
}

function RateField({ rate }: { rate: Rate }) {
  const save = useSaveHourlyRate();
  const [cents, setCents] = useState<number | null>(rate.rateCents);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = hourlyRateSchema.safeParse({ userId: rate.userId, rateCents: cents ?? 0 });
    if (!parsed.success) return setError("Valor inválido");
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <MoneyInput
        aria-label={`Valor/hora de ${rate.name}`}
        size="xs"
        w={130}
        cents={cents}
        onCents={setCents}
        error={error}
      />
      <Button size="xs" variant="light" loading={save.isPending} disabled={cents === rate.rateCents} onClick={submit}>
        Salvar
      </Button>
    </Group>
  );
}
