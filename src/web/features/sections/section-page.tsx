import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function SectionPage() {
  return <Title order={2}>Seção</Title>;
}
