import { Text } from "@mantine/core";

// Placeholder: replaced by its part of issue 5.
export default function Placeholder() {
  return <Text c="dimmed">Em construção.</Text>;
}
