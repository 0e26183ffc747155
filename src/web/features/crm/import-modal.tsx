import { Alert, Button, FileInput, Group, Modal, Radio, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { parseCsv } from "#domain/crm/csv.ts";
import {
  contactInputSchema,
  CRM_MESSAGES,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_IMPORT_BYTES,
} from "#domain/schemas/crm.ts";
import { rememberImport } from "./import-progress.tsx";
import { crmApi, useCrmMutation } from "./use-crm.ts";

type Loaded = { fileName: string; text: string; header: string[]; rows: Record<string, string>[] };

const GUESSES: Record<string, string> = {
  nome: "name",
  name: "name",
  "e-mail": "email",
  email: "email",
  telefone: "phone",
  celular: "phone",
  fone: "phone",
  whatsapp: "whatsapp",
  cpf: "document",
  cnpj: "document",
  "cpf/cnpj": "document",
  documento: "document",
  cargo: "position",
  cidade: "city",
  uf: "state",
  estado: "state",
  origem: "source",
  status: "status",
  tags: "tags",
  observações: "notes",
  observacoes: "notes",
};

/** UTF-8 when the bytes are valid UTF-8, else Latin-1/Windows-1252 (Excel's "CSV" in Brazil). */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** Upload → map columns → preview with per-row validation → background import with progress. */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [duplicates, setDuplicates] = useState<"skip" | "merge">("skip");
  const start = useCrmMutation(crmApi.startImport);

  const load = async (file: File | null) => {
    setError(null);
    setLoaded(null);
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return setError(CRM_MESSAGES.csvTooLarge);
    const text = await readText(file);
    const parsed = parseCsv(text);
    if (parsed.error) return setError(CRM_MESSAGES.csvNotCsv);
    if (!parsed.rows.length) return setError(CRM_MESSAGES.csvEmpty);
    setLoaded({ fileName: file.name, text, header: parsed.header, rows: parsed.rows });
    setMapping(
      Object.fromEntries(
        parsed.header.flatMap((h) => (GUESSES[h.toLowerCase()] ? [[h, GUESSES[h.toLowerCase()]]] : [])),
      ),
    );
  };

  const mapped = (row: Record<string, string>) => {
    const out: Record<string, string> = {};
    for (const [column, field] of Object.entries(mapping)) out[field] = row[column] ?? "";
    return out;
  };
  const preview = (loaded?.rows.slice(0, 5) ?? []).map((row, i) => {
    const values = mapped(row);
    const check = contactInputSchema.safeParse({ ...values, tags: [], status: values.status || undefined });
    return {
      values,
      line: i + 2,
      problem: check.success ? null : (check.error.issues[0]?.message ?? "Linha inválida."),
    };
  });
  const hasName = Object.values(mapping).includes("name");

  const submit = () => {
    if (!loaded) return;
    start.mutate(
      { fileName: loaded.fileName, csv: loaded.text, mapping, duplicates },
      {
        onSuccess: (status) => {
          rememberImport(status.id);
          setLoaded(null);
          onClose();
        },
        onError: (e) => notifications.show({ color: "red", message: e.message }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Importar contatos (CSV)" size="xl">
      <Stack>
        <FileInput
          label="Arquivo CSV"
          description="UTF-8 ou Latin-1, separado por vírgula ou ponto e vírgula, até 100.000 linhas"
          accept=".csv,text/csv"
          leftSection={<IconUpload size={16} />}
          onChange={(file) => void load(file)}
          clearable
          clearButtonProps={{ "aria-label": "Remover arquivo" }}
        />
        {error && <Alert color="red">{error}</Alert>}
        {loaded && (
          <>
            <Text size="sm">
              {loaded.rows.length.toLocaleString("pt-BR")} linha(s) em {loaded.fileName}. Relacione as colunas aos
              campos:
            </Text>
            <Table.ScrollContainer minWidth={400}>
              <Table>
                <Table.Tbody>
                  {loaded.header.map((column) => (
                    <Table.Tr key={column}>
                      <Table.Td>{column}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Campo da coluna ${column}`}
                          placeholder="Ignorar coluna"
                          clearable
                          data={IMPORT_FIELDS.map((f) => ({ value: f, label: IMPORT_FIELD_LABELS[f] }))}
                          value={mapping[column] ?? null}
                          onChange={(v) =>
                            setMapping((m) => {
                              const next = { ...m };
                              if (v) next[column] = v;
                              else delete next[column];
                              return next;
                            })
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text fw={600} size="sm">
              Pré-visualização
            </Text>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Linha</Table.Th>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Telefone</Table.Th>
                    <Table.Th miw={110} style={{ whiteSpace: "nowrap" }}>
                      Validação
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.map((p) => (
                    <Table.Tr key={p.line}>
                      <Table.Td>{p.line}</Table.Td>
                      <Table.Td>{p.values.name}</Table.Td>
                      <Table.Td>{p.values.email}</Table.Td>
                      <Table.Td>{p.values.phone}</Table.Td>
                      <Table.Td c={p.problem ? "red" : "green"}>{p.problem ?? "OK"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Radio.Group
              label="Contatos duplicados (e-mail, telefone ou documento)"
              value={duplicates}
              onChange={(v) => setDuplicates(v as "skip" | "merge")}
            >
              <Group mt={4}>
                <Radio value="skip" label="Ignorar" />
                <Radio value="merge" label="Mesclar com o existente" />
              </Group>
            </Radio.Group>
            {!hasName && <Alert color="yellow">{CRM_MESSAGES.csvNameColumn}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button onClick={submit} disabled={!hasName} loading={start.isPending}>
                Importar
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
