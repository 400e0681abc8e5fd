// Test-only stand-in for `use-sync-external-store/shim` (hoisted to the root node_modules, where
// it would load the root's react 18): React 19 has the hook built in.
export { useSyncExternalStore } from "react";
