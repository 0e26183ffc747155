import { Title } from "@mantine/core";

// Placeholder until its issue lands.
export default function AcceptInvitePage() {
  return <Title order={2}>Convite</Title>;
}
