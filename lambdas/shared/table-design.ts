/**
 * The single table's key schema, shared by the CDK app (which deploys it), the local stack
 * (which creates it in DynamoDB Local) and the adapters (which build keys against it). It imports
 * nothing so every one of those worlds can load it; change it here and all three follow.
 *
 * Every key attribute is a string. GSIs project all attributes, so an index query never needs a
 * second read of the base item.
 */
export const TABLE_DESIGN = {
  partitionKey: 'PK',
  sortKey: 'SK',
  gsis: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after this instant. */
  ttlAttribute: 'expiresAt',
} as const;

export type TableDesign = typeof TABLE_DESIGN;
export type GsiName = (typeof TABLE_DESIGN.gsis)[number]['name'];
