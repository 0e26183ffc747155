import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/**
 * The toast host; a chunk of its own, since no toast shows before the first screen is up. At the
 * bottom, so a toast never covers the header's bell and sign-out.
 */
export default function Toasts() {
  return <Notifications position="bottom-right" />;
}
