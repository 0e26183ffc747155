import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAddressBook, IconBrain, IconBriefcase, IconCash, IconInbox, IconUsersGroup } from "@tabler/icons-react";
import { Link } from "react-router";
import { RedirectSignedIn } from "../../shell/guards.tsx";

const HIGHLIGHTS = [
  {
    icon: IconAddressBook,
    title: "CRM e pipelines",
    text: "Leads, contatos e oportunidades do primeiro contato ao fechamento.",
  },
  { icon: IconInbox, title: "Caixa de entrada", text: "Conversas, e-mails e chamadas dos clientes em um só lugar." },
  { icon: IconBriefcase, title: "Projetos", text: "Tarefas, calendário e controle de tempo de toda a equipe." },
  { icon: IconCash, title: "Financeiro", text: "Orçamentos, faturas e pagamentos sem planilhas paralelas." },
  { icon: IconBrain, title: "IA & Automação", text: "Workflows, chatbots e templates que trabalham por você." },
  {
    icon: IconUsersGroup,
    title: "Portal do cliente",
    text: "Relatórios e aprovações com acesso controlado por papel.",
  },
];

export default function LandingPage() {
  return (
    <RedirectSignedIn loadingLabel="Carregando...">
      <Box component="main" mih="100vh" bg="linear-gradient(180deg, var(--mantine-color-blue-0) 0%, white 60%)">
        <Container size="lg" py={{ base: 48, sm: 96 }}>
          <Stack align="center" gap="lg" ta="center">
            <Badge size="lg" variant="light">
              Sistema Operacional
            </Badge>
            <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
              Nexo
            </Title>
            <Text size="xl" c="dimmed" maw={640}>
              O sistema operacional com IA para agências de marketing digital: 14 módulos integrados para vender,
              entregar e cobrar com a equipe inteira na mesma página.
            </Text>
            <Group>
              <Button component={Link} to="/auth" size="lg">
                Começar agora
              </Button>
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt={64}>
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <Stack
                key={title}
                gap="xs"
                p="lg"
                bg="white"
                style={{ borderRadius: 12, border: "1px solid var(--mantine-color-gray-2)" }}
              >
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </RedirectSignedIn>
  );
}
