/**
 * Message formatting in Superset's style: `%s` placeholders in order, `%(name)s` by name.
 * Translations can be plugged in later; today every message is English.
 */
export function t(message: string, ...args: unknown[]): string {
  let i = 0;
  return message.replace(/%(\((\w+)\))?s/g, (match, _named, name: string | undefined) => {
    if (name !== undefined) {
      const bag = args[0] as Record<string, unknown> | undefined;
      return bag && name in bag ? String(bag[name]) : match;
    }
    return i < args.length ? String(args[i++]) : match;
  });
}
