import { Badge, Card, Group, SimpleGrid, Text } from "@mantine/core";
import { IconChevronRight, IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { childPath } from "#web/navigation.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { isChildOpen } from "#web/shell/nav-access.ts";
import { useFlagsLookup } from "#web/shell/use-nav-access.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

/** A parent entry (spec §2.10): asks the user to pick a section, listing the ones they may open. */
export default function SectionParentPage() {
  const screen = useCurrentScreen();
  const lookup = useFlagsLookup();
  const item = screen.item;
  return (
    <SectionAccess screen={screen}>
      {item && lookup && (
        <>
          <SectionHeader title={item.label} description={item.description} />
          <Text mb="md">Selecione uma seção no menu lateral para começar.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {item.children.map((child) =>
              isChildOpen(lookup, child) ? (
                <Card key={child.slug} withBorder padding="md" component={Link} to={childPath(item, child)}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{child.label}</Text>
                    <IconChevronRight size={16} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {child.description}
                  </Text>
                </Card>
              ) : (
                <Card key={child.slug} withBorder padding="md" bg="gray.0" aria-disabled>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} c="dimmed">
                      {child.label}
                    </Text>
                    <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                      Sem acesso
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {child.description}
                  </Text>
                </Card>
              ),
            )}
          </SimpleGrid>
        </>
      )}
    </SectionAccess>
  );
}
