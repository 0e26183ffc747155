import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { RedirectSignedIn } from "../../shell/guards.tsx";

export default function LandingPage() {
  return (
    <RedirectSignedIn loadingLabel="Carregando...">
      <Center mih="100vh" px="md" component="main">
        <Stack align="center" gap="lg" maw={640} ta="center">
          <Title order={1} fz={{ base: 36, sm: 48 }}>
            Nexo
          </Title>
          <Text size="lg" c="dimmed">
            O sistema operacional com IA para agências de marketing digital: CRM, projetos, financeiro, estratégia e
            portal do cliente em 14 módulos integrados.
          </Text>
          <Button component={Link} to="/auth" size="lg">
            Começar agora
          </Button>
        </Stack>
      </Center>
    </RedirectSignedIn>
  );
}
