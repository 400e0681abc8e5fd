import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";

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
}
