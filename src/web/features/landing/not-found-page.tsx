import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Center mih="100vh" component="main">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text size="xl">Oops! Page not found</Text>
        <Anchor component={Link} to="/">
          Voltar para o início
        </Anchor>
      </Stack>
    </Center>
  );
}
