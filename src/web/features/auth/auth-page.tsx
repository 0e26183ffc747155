import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function AuthPage() {
  return <Title order={2}>Entrar</Title>;
}
