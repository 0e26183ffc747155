import { Card, Center, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A section whose module is not built yet (spec §2.10): what it will do, and that nothing is here
 * yet. No sample figure stands in for the agency's own data.
 */
export default function SectionPage() {
  const screen = useCurrentScreen();
  const entry = screen.child ?? screen.item;
  return (
    <SectionAccess screen={screen}>
      <SectionHeader title={entry?.label ?? "Seção"} description={entry?.description ?? ""} />
      <Card withBorder padding="xl" data-testid="module-empty-state">
        <Center>
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
              <IconTools size={26} />
            </ThemeIcon>
            <Text fw={600}>Ainda não disponível</Text>
            <Text c="dimmed" ta="center" maw={460}>
              Este módulo ainda está sendo construído e não guarda dados da sua agência. Quando estiver pronto, aqui
              você terá: {lowerFirst(entry?.description ?? "esta seção")}.
            </Text>
          </Stack>
        </Center>
      </Card>
    </SectionAccess>
  );
}
