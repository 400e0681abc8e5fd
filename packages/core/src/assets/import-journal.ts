/**
 * What an import has written so far, as undo steps. The store has no transactions, so an import
 * is made all-or-nothing by validating everything first (import-plan.ts), then writing in
 * dependency order and, when a later write fails, undoing the earlier ones newest first: created
 * objects are deleted (their unique-name claims given back), overwritten ones get their previous
 * fields back. A crash in the middle of an import can leave part of it; a failed write cannot.
 */
export class ImportJournal {
  private readonly undos: { label: string; run: () => Promise<void> }[] = [];

  record(label: string, run: () => Promise<void>): void {
    this.undos.push({ label, run });
  }

  async undo(): Promise<void> {
    for (const step of this.undos.reverse()) {
      try {
        await step.run();
      } catch (e) {
        // Keep undoing the rest; what could not be undone is logged for an operator.
        console.error(`[import] could not undo ${step.label}:`, e);
      }
    }
    this.undos.length = 0;
  }
}
