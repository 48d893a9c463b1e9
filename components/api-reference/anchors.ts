export function operationAnchor(operationId: string): string {
  return `op-${operationId}`;
}
