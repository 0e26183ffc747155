import { NumberInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { SESSION_IDLE_TIMEOUT, updateAgencySettingSchema } from "#domain/schemas/agency-settings.ts";

type Props = { value: number; disabled: boolean; onSave: (minutes: number) => void };

/**
 * Minutes of inactivity before a session ends (issue 13, item 9): checked by the same schema as
 * the server and saved when the field is left, not at every keystroke.
 */
export function IdleTimeoutInput({ value, disabled, onSave }: Props) {
  const [draft, setDraft] = useState<string | number>(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const save = () => {
    const parsed = updateAgencySettingSchema.safeParse({
      key: "session_idle_timeout_minutes",
      value: typeof draft === "number" ? draft : Number.NaN,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    if (parsed.data.value !== value) onSave(parsed.data.value as number);
  };

  return (
    <NumberInput
      label="Encerrar sessão após inatividade (minutos)"
      description={`Uma sessão sem uso por esse tempo é encerrada e pede login novamente (de ${SESSION_IDLE_TIMEOUT.min} a ${SESSION_IDLE_TIMEOUT.max} minutos; além do limite de 7 dias).`}
      min={SESSION_IDLE_TIMEOUT.min}
      max={SESSION_IDLE_TIMEOUT.max}
      allowDecimal={false}
      clampBehavior="none"
      maw={320}
      value={draft}
      onChange={setDraft}
      onBlur={save}
      onKeyDown={(event) => event.key === "Enter" && save()}
      error={error}
      disabled={disabled}
    />
  );
}
