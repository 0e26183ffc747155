import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function ContactsPage() {
  return <Title order={2}>Contatos</Title>;
}
