import { Box, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconChecks, IconHexagonLetterN } from "@tabler/icons-react";

const PROMISES = [
  "CRM, projetos, financeiro e portal do cliente em um só lugar",
  "Cada agência vê apenas os próprios dados",
  "Permissões por função para toda a equipe",
];

/** Logo and product name; on its own above the form on small screens. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={44} radius="md" variant={inverted ? "white" : "filled"} aria-hidden>
        <IconHexagonLetterN size={28} />
      </ThemeIcon>
      <div>
        <Title order={2} fz={26} lh={1.1} c={inverted ? "white" : undefined}>
          Nexo
        </Title>
        <Text size="sm" c={inverted ? "blue.1" : "dimmed"} fw={500}>
          Sistema Operacional
        </Text>
      </div>
    </Group>
  );
}

/** The left half of /auth on wide screens: what the product is, in a few calm lines. */
export function BrandPanel() {
  return (
    <Box
      visibleFrom="md"
      p={56}
      style={{
        background: "linear-gradient(160deg, var(--mantine-color-blue-8) 0%, var(--mantine-color-indigo-9) 100%)",
        color: "white",
      }}
    >
      <Stack justify="space-between" h="100%">
        <BrandMark inverted />
        <Stack gap="lg" maw={460}>
          <Title order={2} fz={34} lh={1.2} c="white">
            O sistema operacional da sua agência de marketing digital.
          </Title>
          <Text size="lg" c="blue.1">
            14 módulos integrados com IA para vender, entregar e cobrar com a equipe inteira na mesma página.
          </Text>
          <List
            spacing="sm"
            c="white"
            icon={
              <ThemeIcon size={24} radius="xl" variant="white" aria-hidden>
                <IconChecks size={14} />
              </ThemeIcon>
            }
          >
            {PROMISES.map((promise) => (
              <List.Item key={promise}>{promise}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" c="blue.2">
          © {new Date().getFullYear()} Nexo. Feito para agências brasileiras.
        </Text>
      </Stack>
    </Box>
  );
}
