import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function SectionParentPage() {
  return <Title order={2}>Seção</Title>;
}
