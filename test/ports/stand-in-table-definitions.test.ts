import {
  CreateTableCommand,
  DeleteTableCommand,
  PutItemCommand,
  QueryCommand,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import { waitForTable } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandIns, startStandIns } from "../../functions/src/local/stand-ins.ts";
import { standInClients } from "../support/stand-in-clients.ts";

/**
 * The DynamoDB stand-in keeps table definitions between item actions
 * (functions/src/local/table-definitions.ts): a table changed under it must still be followed.
 */
describe("the DynamoDB stand-in, through the AWS SDK", () => {
  let standIns: StandIns;
  let dynamo: ReturnType<typeof standInClients>["dynamo"];
  beforeAll(async () => {
    standIns = await startStandIns();
    ({ dynamo } = standInClients(standIns));
  });
  afterAll(() => standIns.close());

  it("follows a table deleted and created again with another key and index", async () => {
    const TableName = "definitions-test";
    await dynamo.send(
      new CreateTableCommand({
        TableName,
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
        AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    await waitForTable(dynamo, TableName);
    await dynamo.send(new PutItemCommand({ TableName, Item: { pk: { S: "a" } } }));
    await dynamo.send(new PutItemCommand({ TableName, Item: { pk: { S: "b" } } }));

    await dynamo.send(new DeleteTableCommand({ TableName }));
    await expect(
      dynamo.send(new PutItemCommand({ TableName, Item: { pk: { S: "c" } } })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);

    await dynamo.send(
      new CreateTableCommand({
        TableName,
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
        AttributeDefinitions: [
          { AttributeName: "id", AttributeType: "S" },
          { AttributeName: "colour", AttributeType: "S" },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: "by-colour",
            KeySchema: [{ AttributeName: "colour", KeyType: "HASH" }],
            Projection: { ProjectionType: "ALL" },
          },
        ],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    await waitForTable(dynamo, TableName);
    // The old definition would refuse this item (no "pk") and keep no index entry for it.
    await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: "d" }, colour: { S: "red" } } }));
    const found = await dynamo.send(
      new QueryCommand({
        TableName,
        IndexName: "by-colour",
        KeyConditionExpression: "colour = :c",
        ExpressionAttributeValues: { ":c": { S: "red" } },
      }),
    );
    expect(found.Items).toEqual([{ id: { S: "d" }, colour: { S: "red" } }]);
  });
});
