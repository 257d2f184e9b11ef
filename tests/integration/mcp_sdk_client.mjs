// Drives `teamai mcp` with the official MCP TypeScript SDK client (issue 17 item 4): a client
// nobody here wrote. Usage:
//   node mcp_sdk_client.mjs /path/to/teamai tools          every tool, good and bad arguments
//   node mcp_sdk_client.mjs /path/to/teamai follow ID      teamai_command_output from the start
//                                                          until the run is complete
//   node mcp_sdk_client.mjs /path/to/teamai read ID        one teamai_command_output call
// Prints one JSON object with what the server answered; tst_mcp_sdk_e2e checks it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [binary, scenario = 'tools', id] = process.argv.slice(2);
const transport = new StdioClientTransport({
    command: binary, args: ['mcp', '--tool', 'claude'], env: { ...process.env }, stderr: 'inherit',
});
const client = new Client({ name: 'teamai-sdk-e2e', version: '1.0.0' });
await client.connect(transport);
// listTools() caches the output schemas, so every callTool() below is validated against them.
const tools = (await client.listTools()).tools;

async function everyTool() {
    const out = { serverInfo: client.getServerVersion(), capabilities: client.getServerCapabilities(), tools };
    await client.ping();
    out.status = await client.callTool({ name: 'teamai_status', arguments: {} });
    out.commands = await client.callTool({ name: 'teamai_commands', arguments: { limit: 10 } });
    out.command = await client.callTool({ name: 'teamai_command', arguments: { id: 2 } });
    out.badLimit = await client.callTool({ name: 'teamai_commands', arguments: { limit: 0 } });
    out.dashType = await client.callTool({ name: 'teamai_commands', arguments: { type: '-x' } });
    out.badId = await client.callTool({ name: 'teamai_command', arguments: { id: 'two' } });
    out.badCursor = await client.callTool({ name: 'teamai_command_output', arguments: { id: 2, cursor: 'forged' } });
    out.disable = await client.callTool({ name: 'teamai_disable_remote_commands', arguments: {} });
    try {
        await client.callTool({ name: 'teamai_enable_remote_commands', arguments: {} });
        out.enableError = null;
    } catch (error) {
        out.enableError = { code: error.code, message: String(error.message) };
    }
    return out;
}

// Reads on from each answer's cursor until the server says that is all of it. Each call's
// state is kept so the test can see that output arrived while the command was still running.
async function follow(commandId) {
    const calls = [];
    let cursor;
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
        const args = cursor === undefined ? { id: commandId } : { id: commandId, cursor };
        const result = await client.callTool({ name: 'teamai_command_output', arguments: args });
        if (result.isError)
            return { calls, error: result.content[0].text };
        const s = result.structuredContent;
        calls.push({ stdout: s.stdout, running: s.running, finished: s.finished, complete: s.complete,
                     lossy: s.lossy, exitCode: s.exitCode });
        cursor = s.cursor;
        if (s.complete)
            return { calls };
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    return { calls, error: 'not complete within 60 s' };
}

let out;
if (scenario === 'follow')
    out = await follow(Number(id));
else if (scenario === 'read')
    out = await client.callTool({ name: 'teamai_command_output', arguments: { id: Number(id) } });
else
    out = await everyTool();
await client.close();
process.stdout.write(JSON.stringify(out) + '\n');
