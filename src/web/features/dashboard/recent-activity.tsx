import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { type Icon, IconCircleCheck, IconFileUpload, IconMessage, IconUserPlus } from "@tabler/icons-react";

type Activity = { id: string; icon: Icon; color: string; text: string; time: string };

// Static sample data, as spec §2.7 describes the recent-activity list.
const SAMPLE_ACTIVITY: Activity[] = [
  {
    id: "1",
    icon: IconCircleCheck,
    color: "green",
    text: "Projeto Rebranding avançou para revisão",
    time: "há 2 horas",
  },
  { id: "2", icon: IconUserPlus, color: "blue", text: "Novo lead: Restaurante Sabor da Terra", time: "há 4 horas" },
  { id: "3", icon: IconMessage, color: "violet", text: "Cliente respondeu sobre a campanha de verão", time: "ontem" },
  { id: "4", icon: IconFileUpload, color: "orange", text: "Contrato enviado para assinatura", time: "há 2 dias" },
];

export function RecentActivity() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Atividade Recente
      </Title>
      <Stack gap="sm">
        {SAMPLE_ACTIVITY.map(({ id, icon: ActivityIcon, color, text, time }) => (
          <Group key={id} gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={color} radius="xl">
              <ActivityIcon size={16} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{text}</Text>
              <Text size="xs" c="dimmed">
                {time}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
