import type { Principal } from "../security/principal.ts";

/** An object type that can be tagged or starred; each resource registers itself. */
export interface Taggable {
  /** Whether the principal may see the object (starring needs this). */
  canRead(p: Principal, id: number): Promise<boolean>;
  /** Whether the principal may edit the object (tagging needs this). */
  canEdit(p: Principal, id: number): Promise<boolean>;
  /**
   * Whether the object still exists, whoever asks: a tag link to a gone object blocks nobody's
   * tag delete (`Tags.remove`).
   */
  exists(id: number): Promise<boolean>;
  /** Name and URL for tag pages (`/superset/all_entities/`). */
  describe(p: Principal, id: number): Promise<{ name: string; url: string } | undefined>;
}

export class TaggableRegistry {
  private readonly types = new Map<string, Taggable>();

  register(type: string, t: Taggable): void {
    this.types.set(type, t);
  }

  get(type: string): Taggable | undefined {
    return this.types.get(type);
  }

  names(): string[] {
    return [...this.types.keys()];
  }
}
