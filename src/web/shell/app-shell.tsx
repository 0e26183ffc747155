import { Outlet } from "react-router";

// Placeholder until the shell issue lands.
export default function AppShell() {
  return <Outlet />;
}
