import { Group, List, Paper, Progress, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { passwordIssues, passwordStrength, STRENGTH_THRESHOLD, strengthLabel } from "#domain/password.ts";

const ALL_RULES = passwordIssues("");
const STRENGTH_COLOR = { Fraca: "red", Média: "orange", Boa: "yellow", Forte: "green" } as const;

/** Strength meter and the requirements box of spec §5: every rule marked ✓ or ✗ as the user types. */
export function PasswordRequirements({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  const broken = new Set(passwordIssues(password));
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={500}>
          Força da senha: {label}
        </Text>
        <Text size="sm" c="dimmed">
          {score}/100
        </Text>
      </Group>
      <Progress
        value={score}
        color={STRENGTH_COLOR[label]}
        size="sm"
        aria-label={`Força da senha: ${label} (${score} de 100; mínimo ${STRENGTH_THRESHOLD})`}
      />
      <Text size="sm" fw={500} mt="sm" mb={4}>
        Requisitos da senha
      </Text>
      <List spacing={4} size="sm" center aria-label="Requisitos da senha">
        {ALL_RULES.map((rule) => {
          const isMet = !broken.has(rule);
          return (
            <List.Item
              key={rule}
              data-met={isMet}
              icon={
                <ThemeIcon color={isMet ? "green" : "red"} size={18} radius="xl" variant="light" aria-hidden>
                  {isMet ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={isMet ? "green.8" : "dimmed"}>
                <VisuallyHidden>{isMet ? "Atendido: " : "Pendente: "}</VisuallyHidden>
                {rule}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
