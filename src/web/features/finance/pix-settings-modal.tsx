import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from "#domain/pix.ts";
import { financeSettingsSchema } from "#domain/schemas/finance.ts";
import { useFinanceSettings, useSaveFinanceSettings } from "./use-finance.ts";

/** The agency's Pix key (validated by type) and the overdue reminders switch (off by default). */
export function PixSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useFinanceSettings();
  const save = useSaveFinanceSettings();
  const [type, setType] = useState<PixKeyType | null>(null);
  const [key, setKey] = useState("");
  const [name, setName] = useState("");
  const [city, setCity] = useState("");
  const [reminders, setReminders] = useState(false);
  const [iss, setIss] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setType((s.pixKeyType as PixKeyType | null) ?? null);
    setKey(s.pixKey ?? "");
    setName(s.pixMerchantName ?? "");
    setCity(s.pixMerchantCity ?? "");
    setReminders(s.remindersEnabled);
    setIss(s.defaultIssRateBp / 100);
  }, [settings.data]);
  const submit = () => {
    const parsed = financeSettingsSchema.safeParse({
      pixKeyType: type,
      pixKey: key,
      pixMerchantName: name,
      pixMerchantCity: city,
      remindersEnabled: reminders,
      defaultIssRateBp: Math.round(iss * 100),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    save.mutate(parsed.data, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Chave Pix e lembretes">
      <Stack gap="sm">
        <Select
          label="Tipo de chave"
          data={PIX_KEY_TYPES.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABELS[t] }))}
          value={type}
          onChange={(t) => setType(t as PixKeyType | null)}
          clearable
        />
        <TextInput label="Chave Pix" value={key} onChange={(e) => setKey(e.currentTarget.value)} />
        <TextInput
          label="Nome do recebedor (opcional)"
          description="Padrão: nome da agência"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label="Cidade do recebedor (opcional)"
          description="Padrão: cidade da agência"
          value={city}
          onChange={(e) => setCity(e.currentTarget.value)}
        />
        <NumberInput
          label="ISS padrão (%)"
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          value={iss}
          onChange={(v) => setIss(Number(v) || 0)}
        />
        <Switch
          label="Enviar lembretes de faturas vencidas por e-mail"
          checked={reminders}
          onChange={(e) => setReminders(e.currentTarget.checked)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
