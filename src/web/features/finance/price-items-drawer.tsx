import { Alert, Button, Card, Center, Drawer, Group, Loader, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { priceItemBodySchema } from "#domain/schemas/finance.ts";
import { MoneyInput } from "./money-input.tsx";
import { useCreatePriceItem, usePriceItems } from "./use-finance.ts";

function PriceItemForm() {
  const create = useCreatePriceItem();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [unit, setUnit] = useState("un");
  const [unitPriceCents, setUnitPriceCents] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = priceItemBodySchema.safeParse({ name, description, unit, unitPriceCents: unitPriceCents ?? 0 });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName("");
        setDescription("");
        setUnitPriceCents(null);
      },
    });
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group grow align="flex-end" wrap="wrap">
          <TextInput label="Serviço" required value={name} onChange={(e) => setName(e.currentTarget.value)} miw={180} />
          <TextInput label="Unidade" value={unit} onChange={(e) => setUnit(e.currentTarget.value)} maw={110} />
          <MoneyInput label="Preço" required cents={unitPriceCents} onCents={setUnitPriceCents} miw={130} />
        </Group>
        <TextInput label="Descrição" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            Incluir na tabela
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The agency's price list: the items a quote's lines can start from. */
export function PriceItemsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const items = usePriceItems();
  const rows = items.data?.items ?? [];
  return (
    <Drawer opened={opened} onClose={onClose} title="Tabela de preços" position="right" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Os serviços que a agência vende, com preço: escolha-os nos itens de um orçamento ou fatura.
        </Text>
        <PriceItemForm />
        {items.isLoading ? (
          <Center p="xl">
            <Loader size="sm" role="status" aria-label="Carregando a tabela de preços" />
          </Center>
        ) : items.isError ? (
          <Alert color="red">Não foi possível carregar a tabela de preços.</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            A tabela de preços está vazia. Inclua o primeiro serviço acima.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Serviço</Table.Th>
                  <Table.Th>Unidade</Table.Th>
                  <Table.Th ta="right">Preço</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      {item.name}
                      {item.description && (
                        <Text size="xs" c="dimmed">
                          {item.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{item.unit}</Table.Td>
                    <Table.Td ta="right">{formatCents(item.unitPriceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Drawer>
  );
}
