import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";

/**
 * Waits until a table just created is ACTIVE. DynamoDB, and the local stand-in too, answers
 * CreateTable while the table is still CREATING, and refuses item writes to it until then
 * (ResourceNotFoundException): a write right after the create can lose that race.
 */
export async function waitForTable(dynamo: DynamoDBClient, table: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const out = await dynamo.send(new DescribeTableCommand({ TableName: table }));
    if (out.Table?.TableStatus === "ACTIVE") return;
    if (Date.now() > until)
      throw new Error(`The table ${table} is still ${out.Table?.TableStatus} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Creates the metadata table locally, the same shape as stacks/storage.ts creates in AWS. */
export async function ensureMetaTable(dynamo: DynamoDBClient, table: string): Promise<void> {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: table }));
    return;
  } catch (e) {
    if ((e as { name?: string }).name !== "ResourceNotFoundException") throw e;
  }
  const S = "S" as const;
  await dynamo.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: S },
        { AttributeName: "sk", AttributeType: S },
        { AttributeName: "gsi1pk", AttributeType: S },
        { AttributeName: "gsi1sk", AttributeType: S },
        { AttributeName: "gsi2pk", AttributeType: S },
        { AttributeName: "gsi2sk", AttributeType: S },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      // gsi1: a type by changed_on; gsi2: one owner's items of a type by changed_on (MetaStore.indexByOwner).
      GlobalSecondaryIndexes: ["gsi1", "gsi2"].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: "HASH" },
          { AttributeName: `${name}sk`, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    }),
  );
  await waitForTable(dynamo, table);
}
