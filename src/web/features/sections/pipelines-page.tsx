import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function PipelinesPage() {
  return <Title order={2}>Pipelines</Title>;
}
