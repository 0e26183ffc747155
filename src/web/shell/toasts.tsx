import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** The toast host; a chunk of its own, since no toast shows before the first screen is up. */
export default function Toasts() {
  return <Notifications position="top-right" />;
}
