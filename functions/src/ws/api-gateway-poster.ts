import type {
  ApiGatewayManagementApiClient,
  ApiGatewayManagementApiClientConfig,
} from "@aws-sdk/client-apigatewaymanagementapi";
import type { SocketPoster } from "@strata/core";

type Sdk = typeof import("@aws-sdk/client-apigatewaymanagementapi");

/**
 * Posts frames to API Gateway WebSocket connections through the Management API's SDK client
 * (PostToConnection on the stage's callback URL, signed with the function's own credentials;
 * the stack grants execute-api:ManageConnections). GoneException means the client has left.
 *
 * The SDK is imported on the first post, not at load: only the functions that push events use it,
 * and a static import would put it in the startup bytes of every Lambda that shares this code.
 */
export class ApiGatewayPoster implements SocketPoster {
  private loaded?: Promise<{ sdk: Sdk; client: ApiGatewayManagementApiClient }>;

  constructor(
    /** `https://{api}.execute-api.{region}.amazonaws.com/{stage}` (the stage's callback URL). */
    private readonly callbackUrl: string,
    /** Extra client settings; a Lambda relies on the defaults (region and credentials from its env). */
    private readonly config: Omit<ApiGatewayManagementApiClientConfig, "endpoint"> = {},
  ) {}

  private client() {
    this.loaded ??= import("@aws-sdk/client-apigatewaymanagementapi").then((sdk) => ({
      sdk,
      client: new sdk.ApiGatewayManagementApiClient({ ...this.config, endpoint: this.callbackUrl }),
    }));
    return this.loaded;
  }

  async post(connectionId: string, data: string): Promise<"sent" | "gone"> {
    const { sdk, client } = await this.client();
    try {
      await client.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return "sent";
    } catch (err) {
      if (err instanceof sdk.GoneException) return "gone";
      throw err;
    }
  }
}
