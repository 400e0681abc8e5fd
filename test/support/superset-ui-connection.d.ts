/**
 * The part of `@superset-ui/core`'s connection module that the compatibility test uses (the
 * package's `esm/` build ships no declarations). Shapes as in Superset's `connection/types.ts`.
 */
declare module "@superset-ui/core/esm/connection/SupersetClientClass.js" {
  export interface ClientConfig {
    protocol?: string;
    host?: string;
    headers?: Record<string, string>;
    mode?: string;
    fetchRetryOptions?: Record<string, unknown>;
    unauthorizedHandler?: () => void;
  }
  export interface RequestConfig {
    endpoint: string;
    searchParams?: Record<string, string>;
    jsonPayload?: unknown;
    headers?: Record<string, string>;
  }
  export interface Reply {
    json: Record<string, any>;
    response: Response;
  }
  export default class SupersetClientClass {
    constructor(config?: ClientConfig);
    csrfToken?: string;
    init(force?: boolean): Promise<string>;
    get(config: RequestConfig): Promise<Reply>;
    post(config: RequestConfig): Promise<Reply>;
    put(config: RequestConfig): Promise<Reply>;
    delete(config: RequestConfig): Promise<Reply>;
  }
}
