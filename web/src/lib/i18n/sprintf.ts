/** Superset's message formatting: `%s` placeholders in order, `%(name)s` from a bag of values. */
export function sprintf(message: string, args: readonly unknown[]): string {
  let i = 0;
  return message.replace(/%(\((\w+)\))?s/g, (match, _named, name: string | undefined) => {
    if (name !== undefined) {
      const bag = args[0] as Record<string, unknown> | undefined;
      return bag && typeof bag === "object" && name in bag ? String(bag[name]) : match;
    }
    return i < args.length ? String(args[i++]) : match;
  });
}
