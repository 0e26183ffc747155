import { Card, Center, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

/** A section whose content is not built yet (spec §2.10): its title and description. */
export default function SectionPage() {
  const screen = useCurrentScreen();
  const entry = screen.child ?? screen.item;
  return (
    <SectionAccess screen={screen}>
      <SectionHeader title={entry?.label ?? "Seção"} description={entry?.description ?? ""} />
      <Card withBorder padding="xl">
        <Center>
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon variant="light" size={48} radius="xl">
              <IconTools size={26} />
            </ThemeIcon>
            <Text fw={600}>Em breve</Text>
            <Text c="dimmed" ta="center" maw={420}>
              Esta seção está em desenvolvimento. Em breve você poderá gerenciar tudo por aqui.
            </Text>
          </Stack>
        </Center>
      </Card>
    </SectionAccess>
  );
}
