import { Prec } from "@codemirror/state";
import { type KeyBinding, keymap } from "@codemirror/view";

export interface EditorKeyHandlers {
  run: () => void;
  format?: () => void;
}

/** Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+F formats. Handlers are read at key time. */
export function editorKeyBindings(handlers: { current: EditorKeyHandlers }): KeyBinding[] {
  return [
    {
      key: "Mod-Enter",
      run: () => {
        handlers.current.run();
        return true;
      },
    },
    {
      key: "Mod-Shift-f",
      preventDefault: true,
      run: () => {
        handlers.current.format?.();
        return true;
      },
    },
  ];
}

/** The editor's own keys, ahead of CodeMirror's defaults (which bind Mod-Enter too). */
export function editorKeymap(handlers: { current: EditorKeyHandlers }) {
  return Prec.highest(keymap.of(editorKeyBindings(handlers)));
}
