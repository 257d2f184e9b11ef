// Drives `teamai mcp` with the official MCP TypeScript SDK client (issue 17 item 4): a client
// nobody here wrote. Usage: node mcp_sdk_client.mjs /path/to/teamai
// Prints one JSON object with what the server answered; tst_mcp_sdk_e2e checks it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const transport = new StdioClientTransport({ command: process.argv[2], args: ['mcp'], env: { ...process.env }, stderr: 'inherit' });
const client = new Client({ name: 'teamai-sdk-e2e', version: '1.0.0' });
const out = {};
await client.connect(transport);
out.serverInfo = client.getServerVersion();
out.capabilities = client.getServerCapabilities();
out.tools = (await client.listTools()).tools;
await client.ping();
out.status = await client.callTool({ name: 'teamai_status', arguments: {} });
out.commands = await client.callTool({ name: 'teamai_commands', arguments: { limit: 10 } });
out.command = await client.callTool({ name: 'teamai_command', arguments: { id: 2 } });
out.badLimit = await client.callTool({ name: 'teamai_commands', arguments: { limit: 0 } });
out.dashType = await client.callTool({ name: 'teamai_commands', arguments: { type: '-x' } });
out.badId = await client.callTool({ name: 'teamai_command', arguments: { id: 'two' } });
out.disable = await client.callTool({ name: 'teamai_disable_remote_commands', arguments: {} });
try {
    await client.callTool({ name: 'teamai_enable_remote_commands', arguments: {} });
    out.enableError = null;
} catch (error) {
    out.enableError = { code: error.code, message: String(error.message) };
}
await client.close();
process.stdout.write(JSON.stringify(out) + '\n');
