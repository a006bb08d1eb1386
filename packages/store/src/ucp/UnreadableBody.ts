/** A request body that is not JSON, kept (rather than failed at the parser) so each binding answers it in its own way: REST 400, MCP JSON-RPC -32700. */
export class UnreadableBody {
  constructor(readonly reason: string) {}
}
