import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function FinanceOverviewPage() {
  return <Title order={2}>Financeiro</Title>;
}
