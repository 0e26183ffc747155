import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";

const PLAN_LABELS: Record<string, string> = { basic: "Básico", pro: "Pro", enterprise: "Enterprise" };

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </Group>
  );
}

export function AgencyStatusCard({ agency }: { agency: DashboardStats["agency"] }) {
  return (
    <Card withBorder padding="lg" data-testid="agency-status">
      <Title order={2} size="h4" mb="md">
        Status da Agência
      </Title>
      <Stack gap={8}>
        <Row label="Plano" value={PLAN_LABELS[agency.plan] ?? agency.plan} />
        <Row
          label="Status"
          value={
            <Badge color={agency.isActive ? "green" : "red"} variant="light">
              {agency.isActive ? "Ativo" : "Inativo"}
            </Badge>
          }
        />
        {/* Only limits the server enforces are shown as limits (clients and projects come with their modules). */}
        <Row label="Limite de usuários" value={agency.maxUsers} />
      </Stack>
    </Card>
  );
}

const HELP_LINKS = ["Guia de primeiros passos", "Tutoriais em vídeo", "Perguntas frequentes", "Falar com o suporte"];

/** The help centre of spec §2.7: four links that go nowhere yet. */
export function HelpCentreCard() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Central de Ajuda
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Precisa de ajuda? Encontre respostas rápidas.
      </Text>
      <Stack gap={6}>
        {HELP_LINKS.map((label) => (
          <Anchor key={label} href="#" size="sm" onClick={(event) => event.preventDefault()}>
            {label}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
