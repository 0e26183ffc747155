import { Badge, Button, Card, Group, ScrollArea, Stack, Text } from "@mantine/core";
import { IconFilter, IconPlus } from "@tabler/icons-react";
import { formatMoney } from "#web/lib/format.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { PIPELINE_STAGES, SAMPLE_OPPORTUNITIES } from "./sample-data.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

/** Spec §2.10: a Kanban of the five stages with sample opportunities (static). */
export default function PipelinesPage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Pipelines"
        description="Funil de vendas em quadro Kanban"
        actions={
          <>
            <Button variant="default" leftSection={<IconFilter size={16} />}>
              Filtros
            </Button>
            <Button leftSection={<IconPlus size={16} />}>Nova Oportunidade</Button>
          </>
        }
      />
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {PIPELINE_STAGES.map((stage) => (
            <Card
              key={stage.id}
              withBorder
              padding="sm"
              w={260}
              miw={260}
              bg="gray.0"
              data-testid={`stage-${stage.id}`}
            >
              <Group justify="space-between" mb={4}>
                <Text fw={600}>{stage.label}</Text>
                <Badge color={stage.color} variant="light" aria-label={`${stage.count} oportunidades`}>
                  {stage.count}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" mb="sm">
                {formatMoney(stage.total)}
              </Text>
              <Stack gap="xs">
                {SAMPLE_OPPORTUNITIES.filter((o) => o.stage === stage.id).map((opportunity) => (
                  <Card key={opportunity.id} withBorder padding="sm" shadow="xs">
                    <Text size="sm" fw={600}>
                      {opportunity.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {opportunity.contact}
                    </Text>
                    <Text size="sm" fw={500} c="green.8" mt={4}>
                      {formatMoney(opportunity.value)}
                    </Text>
                  </Card>
                ))}
              </Stack>
            </Card>
          ))}
        </Group>
      </ScrollArea>
    </SectionAccess>
  );
}
