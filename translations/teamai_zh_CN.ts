<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;Version %2&lt;/p&gt;&lt;p&gt;Keeps this machine&apos;s AI coding agents in step with your team&apos;s TeamAI backend: skills, rules, CLAUDE.md blocks and agent hooks, and the commands the backend pushes — which you can refuse at any time with &lt;i&gt;Allow remote commands&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Data and logs: &lt;code&gt;%3&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licensed under the Apache License 2.0.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;版本 %2&lt;/p&gt;&lt;p&gt;让本机的 AI 编程智能体与团队的 TeamAI 后端保持同步：技能、规则、CLAUDE.md 片段和智能体钩子，以及后端推送的命令——你可以随时通过&lt;i&gt;允许远程命令&lt;/i&gt;拒绝这些命令。&lt;/p&gt;&lt;p&gt;数据和日志：&lt;code&gt;%3&lt;/code&gt;&lt;/p&gt;&lt;p&gt;依据 Apache License 2.0 授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About %1</source>
        <translation>关于 %1</translation>
    </message>
</context>
<context>
    <name>AckDetailsText</name>
    <message>
        <source>no answer</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>Attempt %1 at %2: delivered (HTTP %3).</source>
        <translation>第 %1 次尝试（%2）：已送达（HTTP %3）。</translation>
    </message>
    <message>
        <source>Attempt %1 at %2: not delivered (HTTP %3): %4</source>
        <translation>第 %1 次尝试（%2）：未送达（HTTP %3）：%4</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Delivery: %1</source>
        <translation>送达：%1</translation>
    </message>
    <message>
        <source>Exit status: %1</source>
        <translation>退出状态：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Output (end):</source>
        <translation>输出（末尾）：</translation>
    </message>
    <message>
        <source>Errors printed (end):</source>
        <translation>错误输出（末尾）：</translation>
    </message>
    <message>
        <source>The ledger no longer holds this ack.</source>
        <translation>命令账本中已没有这条确认。</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Attempts to send the result (%1)</source>
        <translation>结果发送尝试（%1）</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Ack sent to the backend</source>
        <translation>发送到后端的确认</translation>
    </message>
</context>
<context>
    <name>CommandLabels</name>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>Waiting to be sent</source>
        <translation>等待发送</translation>
    </message>
    <message>
        <source>Blocked by your setting: remote commands are turned off, so it will be refused at the next sync instead of running. Turn remote commands on to let it run.</source>
        <translation>已被你的设置阻止：远程命令已关闭，因此它不会运行，而会在下次同步时被拒绝。打开远程命令即可让它运行。</translation>
    </message>
    <message>
        <source>Queued behind command %1, which is running now; it runs when that one finishes.</source>
        <translation>排在正在运行的命令 %1 之后；该命令结束后它才会运行。</translation>
    </message>
    <message>
        <source>Waiting for the next sync, at %1.</source>
        <translation>等待下次同步（%1）。</translation>
    </message>
    <message>
        <source>Waiting for the next sync.</source>
        <translation>等待下次同步。</translation>
    </message>
</context>
<context>
    <name>RoundNotifications</name>
    <message>
        <source>no type</source>
        <translation>无类型</translation>
    </message>
    <message>
        <source>Blocked by your setting</source>
        <translation>已被你的设置阻止</translation>
    </message>
    <message>
        <source>Command %1 (%2) for %3 was not run: remote commands are turned off on this computer.</source>
        <translation>%3 的命令 %1（%2）未运行：本机已关闭远程命令。</translation>
    </message>
    <message>
        <source>Command failed</source>
        <translation>命令失败</translation>
    </message>
    <message>
        <source>Command %1 (%2) for %3 failed: %4</source>
        <translation>%3 的命令 %1（%2）失败：%4</translation>
    </message>
    <message>
        <source>Command %1 (%2) for %3 succeeded.</source>
        <translation>%3 的命令 %1（%2）已成功。</translation>
    </message>
    <message>
        <source>Command ran</source>
        <translation>命令已运行</translation>
    </message>
    <message>
        <source>Skill removed</source>
        <translation>技能已移除</translation>
    </message>
    <message>
        <source>Skill updated</source>
        <translation>技能已更新</translation>
    </message>
    <message>
        <source>Skill installed</source>
        <translation>技能已安装</translation>
    </message>
    <message>
        <source>MCP server removed</source>
        <translation>MCP 服务器已移除</translation>
    </message>
    <message>
        <source>MCP server installed</source>
        <translation>MCP 服务器已安装</translation>
    </message>
    <message>
        <source>Hook rule removed</source>
        <translation>钩子规则已移除</translation>
    </message>
    <message>
        <source>Hook rule installed</source>
        <translation>钩子规则已安装</translation>
    </message>
    <message>
        <source>Rule removed</source>
        <translation>规则已移除</translation>
    </message>
    <message>
        <source>Rule updated</source>
        <translation>规则已更新</translation>
    </message>
    <message>
        <source>Rule installed</source>
        <translation>规则已安装</translation>
    </message>
    <message>
        <source>Custom command removed</source>
        <translation>自定义命令已移除</translation>
    </message>
    <message>
        <source>Custom command updated</source>
        <translation>自定义命令已更新</translation>
    </message>
    <message>
        <source>Custom command installed</source>
        <translation>自定义命令已安装</translation>
    </message>
    <message>
        <source>Removed from your agent</source>
        <translation>已从你的智能体中移除</translation>
    </message>
    <message>
        <source>Installed in your agent</source>
        <translation>已安装到你的智能体</translation>
    </message>
</context>
<context>
    <name>SetupSummary</name>
    <message>
        <source>Backend: %1</source>
        <translation>后端：%1</translation>
    </message>
    <message>
        <source>Agents: none is hooked yet. Install an agent, then choose it in Settings.</source>
        <translation>智能体：尚未挂接任何智能体。请先安装一个智能体，然后在“设置”中选择它。</translation>
    </message>
    <message>
        <source>Agents hooked: %1.</source>
        <translation>已挂接的智能体：%1。</translation>
    </message>
</context>
<context>
    <name>TokenNotice</name>
    <message>
        <source>The token is saved in the system credential store.</source>
        <translation>令牌已保存在系统凭据存储中。</translation>
    </message>
    <message>
        <source>The token is saved in %1, a file only you can read.</source>
        <translation>令牌已保存在 %1，这是一个只有你能读取的文件。</translation>
    </message>
    <message>
        <source>The token is saved in %1, a plain file only you can read: no system credential store answered (%2). Install and start a Secret Service such as gnome-keyring (GNOME) or KWallet (KDE), then save the token again to keep it there.</source>
        <translation>令牌已保存在 %1，这是一个只有你能读取的普通文件：没有系统凭据存储响应（%2）。请安装并启动 Secret Service（例如 gnome-keyring（GNOME）或 KWallet（KDE）），然后再次保存令牌，即可改存到其中。</translation>
    </message>
    <message>
        <source>No token is saved.</source>
        <translation>未保存令牌。</translation>
    </message>
</context>
<context>
    <name>TrayMain</name>
    <message>
        <source>The agent configuration cannot be read:
%1

Fix or remove the file and start again.</source>
        <translation>无法读取智能体配置：
%1

请修复或删除该文件，然后重新启动。</translation>
    </message>
</context>
<context>
    <name>TrayStatus</name>
    <message>
        <source>A remote command is running</source>
        <translation>远程命令正在运行</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <source>Sync failed</source>
        <translation>同步失败</translation>
    </message>
    <message>
        <source>Remote commands disabled (locked by policy)</source>
        <translation>远程命令已关闭（已被策略锁定）</translation>
    </message>
    <message>
        <source>Remote commands disabled</source>
        <translation>远程命令已关闭</translation>
    </message>
    <message>
        <source>Up to date</source>
        <translation>已是最新</translation>
    </message>
    <message>
        <source>Last sync: never</source>
        <translation>上次同步：从未</translation>
    </message>
    <message>
        <source>Last sync: %1 — ok</source>
        <translation>上次同步：%1 — 成功</translation>
    </message>
    <message>
        <source>Last sync: %1 — ok: %2</source>
        <translation>上次同步：%1 — 成功：%2</translation>
    </message>
    <message>
        <source>Last sync: %1 — failed</source>
        <translation>上次同步：%1 — 失败</translation>
    </message>
    <message>
        <source>Last sync: %1 — failed: %2</source>
        <translation>上次同步：%1 — 失败：%2</translation>
    </message>
    <message>
        <source>TeamAI Agent — %1</source>
        <translation>TeamAI Agent — %1</translation>
    </message>
    <message>
        <source>Backend: not configured</source>
        <translation>后端：未配置</translation>
    </message>
    <message>
        <source>Backend: %1</source>
        <translation>后端：%1</translation>
    </message>
    <message>
        <source>Pending commands: %1, running: %2</source>
        <translation>待处理命令：%1，运行中：%2</translation>
    </message>
    <message>
        <source>Pending commands: %1</source>
        <translation>待处理命令：%1</translation>
    </message>
    <message>
        <source>Remote commands: disabled (locked by policy)</source>
        <translation>远程命令：已关闭（已被策略锁定）</translation>
    </message>
    <message>
        <source>Remote commands: disabled</source>
        <translation>远程命令：已关闭</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>尚未同步</translation>
    </message>
    <message>
        <source>Cannot reach the backend</source>
        <translation>无法连接后端</translation>
    </message>
    <message>
        <source>The backend rejected the token</source>
        <translation>后端拒绝了令牌</translation>
    </message>
    <message>
        <source>Not set up yet: enter the backend and token in Settings</source>
        <translation>尚未设置：请在“设置”中填写后端和令牌</translation>
    </message>
    <message>
        <source>Sync failed: %1</source>
        <translation>同步失败：%1</translation>
    </message>
    <message>
        <source>Last successful sync: %1. Next sync: %2.</source>
        <translation>上次成功同步：%1。下次同步：%2。</translation>
    </message>
    <message>
        <source>Last successful sync: %1.</source>
        <translation>上次成功同步：%1。</translation>
    </message>
    <message>
        <source>No successful sync yet. Next sync: %1.</source>
        <translation>尚未成功同步。下次同步：%1。</translation>
    </message>
    <message>
        <source>No successful sync yet.</source>
        <translation>尚未成功同步。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::AckHistoryModel</name>
    <message>
        <source>Delivery: %1</source>
        <translation>送达：%1</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Ack</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>已送达</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
</context>
<context>
    <name>teamai::ui::AckHistoryWindow</name>
    <message>
        <source>&amp;From</source>
        <translation>从(&amp;F)</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <translation>到(&amp;O)</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>导出 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Ca&amp;ncel export</source>
        <translation>取消导出(&amp;N)</translation>
    </message>
    <message>
        <source>TeamAI Agent — Ack history</source>
        <translation>TeamAI Agent — 确认历史</translation>
    </message>
    <message>
        <source>Details of the selected ack</source>
        <translation>所选确认的详情</translation>
    </message>
    <message>
        <source>Select a row to see its command, every attempt and the result.</source>
        <translation>选择一行以查看其命令、每次发送尝试和结果。</translation>
    </message>
    <message>
        <source>Ack attempts</source>
        <translation>确认发送尝试</translation>
    </message>
    <message>
        <source>From date</source>
        <translation>起始日期</translation>
    </message>
    <message>
        <source>To date</source>
        <translation>结束日期</translation>
    </message>
    <message>
        <source>Search command id, type, error…</source>
        <translation>搜索命令 ID、类型、错误…</translation>
    </message>
    <message>
        <source>&amp;State:</source>
        <translation>状态(&amp;S)：</translation>
    </message>
    <message>
        <source>T&amp;ype:</source>
        <translation>类型(&amp;Y)：</translation>
    </message>
    <message>
        <source>&amp;Agent:</source>
        <translation>智能体(&amp;A)：</translation>
    </message>
    <message>
        <source>S&amp;earch:</source>
        <translation>搜索(&amp;E)：</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Any type</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <source>Any agent</source>
        <translation>任意智能体</translation>
    </message>
    <message>
        <source>1 ack attempt</source>
        <translation>1 次确认发送尝试</translation>
    </message>
    <message>
        <source>%1 ack attempts</source>
        <translation>%1 次确认发送尝试</translation>
    </message>
    <message>
        <source>%1 — text search looked at the newest %2 of the other filters; narrow the dates to search older ones</source>
        <translation>%1 — 文本搜索只查看了其他筛选条件下最新的 %2 条；缩小日期范围即可搜索更早的记录</translation>
    </message>
    <message>
        <source>Export ack history</source>
        <translation>导出确认历史</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export the 1 ack attempt that the filters select to %1?</source>
        <translation>将筛选出的 1 次确认发送尝试导出到 %1？</translation>
    </message>
    <message>
        <source>Export the %1 ack attempts that the filters select to %2?</source>
        <translation>将筛选出的 %1 次确认发送尝试导出到 %2？</translation>
    </message>
    <message>
        <source>The file holds command ids, types, errors and HTTP results of this machine&apos;s agents.</source>
        <translation>该文件包含本机智能体的命令 ID、类型、错误和 HTTP 结果。</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Exporting… %1 rows</source>
        <translation>正在导出… %1 行</translation>
    </message>
    <message>
        <source>Exported %1 rows to %2.</source>
        <translation>已将 %1 行导出到 %2。</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
</context>
<context>
    <name>teamai::ui::AddBindingDialog</name>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>TeamAI Agent — Bind a workspace</source>
        <translation>TeamAI Agent — 绑定工作区</translation>
    </message>
    <message>
        <source>The project folder (its git root is bound)</source>
        <translation>项目文件夹（将绑定其 git 根目录）</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>工作区文件夹</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>选择工作区文件夹</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Loading your projects…</source>
        <translation>正在加载你的项目…</translation>
    </message>
    <message>
        <source>Binding status</source>
        <translation>绑定状态</translation>
    </message>
    <message>
        <source>&amp;Bind</source>
        <translation>绑定(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Folder</source>
        <translation>文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Project</source>
        <translation>项目(&amp;P)</translation>
    </message>
    <message>
        <source>No project to choose</source>
        <translation>没有可选的项目</translation>
    </message>
    <message>
        <source>The backend lists no project for you.</source>
        <translation>后端没有为你列出任何项目。</translation>
    </message>
    <message>
        <source>Cannot list your projects: %1</source>
        <translation>无法列出你的项目：%1</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1（ID %2）</translation>
    </message>
    <message>
        <source>Choose an existing folder.</source>
        <translation>请选择一个已存在的文件夹。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::BindingsModel</name>
    <message>
        <source>not bound (skipped)</source>
        <translation>未绑定（已跳过）</translation>
    </message>
    <message>
        <source>project %1</source>
        <translation>项目 %1</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1（ID %2）</translation>
    </message>
    <message>
        <source>This folder no longer exists; the binding is dropped at the next sync.</source>
        <translation>此文件夹已不存在；该绑定将在下次同步时移除。</translation>
    </message>
    <message>
        <source>%1 (gone)</source>
        <translation>%1（已不存在）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Last used by</source>
        <translation>最近使用者</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>绑定时间</translation>
    </message>
</context>
<context>
    <name>teamai::ui::BindingsPanel</name>
    <message>
        <source>Workspace bindings</source>
        <translation>工作区绑定</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Folders bound to a TeamAI project receive that project&apos;s skills, rules and CLAUDE.md blocks.</source>
        <translation>绑定到 TeamAI 项目的文件夹会收到该项目的技能、规则和 CLAUDE.md 片段。</translation>
    </message>
    <message>
        <source>Add a workspace binding</source>
        <translation>添加工作区绑定</translation>
    </message>
    <message>
        <source>Remove the selected workspace binding</source>
        <translation>移除所选的工作区绑定</translation>
    </message>
    <message>
        <source>Workspace bindings status</source>
        <translation>工作区绑定状态</translation>
    </message>
    <message>
        <source>No workspace is bound. Add one, or run `teamai bind-project` in it.</source>
        <translation>尚未绑定任何工作区。请添加一个，或在其中运行 `teamai bind-project`。</translation>
    </message>
    <message>
        <source>Removed the binding of %1.</source>
        <translation>已移除 %1 的绑定。</translation>
    </message>
    <message>
        <source>Bound %1.</source>
        <translation>已绑定 %1。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::CommandsModel</name>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>exit %1 (signal %2)</source>
        <translation>退出码 %1（信号 %2）</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Running here</source>
        <translation>正在此处运行</translation>
    </message>
    <message>
        <source>Running (pid %1)</source>
        <translation>运行中（pid %1）</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>送达</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>接收时间</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <source>Exit status</source>
        <translation>退出状态</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>teamai::ui::CommandsWindow</name>
    <message>
        <source>── stdout (last part) ──</source>
        <translation>── stdout（末尾部分）──</translation>
    </message>
    <message>
        <source>── stdout ──</source>
        <translation>── stdout ──</translation>
    </message>
    <message>
        <source>── stderr (last part) ──</source>
        <translation>── stderr（末尾部分）──</translation>
    </message>
    <message>
        <source>── stderr ──</source>
        <translation>── stderr ──</translation>
    </message>
    <message>
        <source>&amp;Cancel command</source>
        <translation>取消命令(&amp;C)</translation>
    </message>
    <message>
        <source>Open full &amp;stdout</source>
        <translation>打开完整 stdout(&amp;S)</translation>
    </message>
    <message>
        <source>Open full std&amp;err</source>
        <translation>打开完整 stderr(&amp;E)</translation>
    </message>
    <message>
        <source>TeamAI Agent — Commands</source>
        <translation>TeamAI Agent — 命令</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>命令输出</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Id, type, agent, error or command line</source>
        <translation>ID、类型、智能体、错误或命令行</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F)：</translation>
    </message>
    <message>
        <source>S&amp;tate:</source>
        <translation>状态(&amp;T)：</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>（无类型）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Command %1&lt;/b&gt; — %2 for &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>&lt;b&gt;命令 %1&lt;/b&gt; — %2，用于 &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Command line: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>命令行：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Delivery: %1</source>
        <translation>送达：%1</translation>
    </message>
    <message>
        <source>Result sent to the backend: %1 (1 attempt)</source>
        <translation>结果已发送到后端：%1（1 次尝试）</translation>
    </message>
    <message>
        <source>Result sent to the backend: %1 (%2 attempts)</source>
        <translation>结果已发送到后端：%1（%2 次尝试）</translation>
    </message>
    <message>
        <source>Received %1 · started %2 · finished %3</source>
        <translation>接收于 %1 · 开始于 %2 · 结束于 %3</translation>
    </message>
    <message>
        <source>Exit status: %1</source>
        <translation>退出状态：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;错误：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Detail: %1</source>
        <translation>详情：%1</translation>
    </message>
    <message>
        <source>No commands yet. Commands the backend pushes appear here.</source>
        <translation>还没有命令。后端推送的命令会显示在这里。</translation>
    </message>
    <message>
        <source>No command matches the filter.</source>
        <translation>没有符合筛选条件的命令。</translation>
    </message>
    <message>
        <source>Running here (pid %1): output appears as it is printed.</source>
        <translation>正在此处运行（pid %1）：输出会实时显示。</translation>
    </message>
    <message>
        <source>It printed nothing.</source>
        <translation>它没有任何输出。</translation>
    </message>
    <message>
        <source>Nothing ran, so there is no output.</source>
        <translation>没有运行任何内容，因此没有输出。</translation>
    </message>
    <message>
        <source>The end of the output is shown; open the full output below.</source>
        <translation>这里只显示输出的末尾部分；可在下方打开完整输出。</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>The command has finished; its result is being recorded.</source>
        <translation>命令已结束，正在记录其结果。</translation>
    </message>
    <message>
        <source>… earlier output is no longer kept …</source>
        <translation>……更早的输出已不再保留……</translation>
    </message>
    <message>
        <source>Running in another agent process (pid %1): output appears as it is printed.</source>
        <translation>正在另一个智能体进程中运行（pid %1）：输出会实时显示。</translation>
    </message>
    <message>
        <source>No output yet.</source>
        <translation>暂无输出。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::ConnectionFields</name>
    <message>
        <source>Backend URL</source>
        <translation>后端 URL</translation>
    </message>
    <message>
        <source>API token</source>
        <translation>API 令牌</translation>
    </message>
    <message>
        <source>Leave empty to keep the saved token</source>
        <translation>留空则保留已保存的令牌</translation>
    </message>
    <message>
        <source>&amp;Backend URL</source>
        <translation>后端 URL(&amp;B)</translation>
    </message>
    <message>
        <source>API &amp;token</source>
        <translation>API 令牌(&amp;T)</translation>
    </message>
    <message>
        <source>Enter the API token</source>
        <translation>请输入 API 令牌</translation>
    </message>
    <message>
        <source>A token has no spaces: paste it again</source>
        <translation>令牌中不含空格：请重新粘贴</translation>
    </message>
</context>
<context>
    <name>teamai::ui::FirstRunDialog</name>
    <message>
        <source>&amp;Set up</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>暂不(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Done</source>
        <translation>完成(&amp;D)</translation>
    </message>
    <message>
        <source>Set up TeamAI Agent</source>
        <translation>设置 TeamAI Agent</translation>
    </message>
    <message>
        <source>&lt;b&gt;Connect this machine to your TeamAI backend.&lt;/b&gt;&lt;br&gt;Your team&apos;s TeamAI admin gives you the URL and an API token.</source>
        <translation>&lt;b&gt;将本机连接到你的 TeamAI 后端。&lt;/b&gt;&lt;br&gt;团队的 TeamAI 管理员会提供 URL 和 API 令牌。</translation>
    </message>
    <message>
        <source>&lt;b&gt;TeamAI Agent is set up.&lt;/b&gt; It keeps syncing in the background.</source>
        <translation>&lt;b&gt;TeamAI Agent 已设置完成。&lt;/b&gt;它会在后台持续同步。</translation>
    </message>
    <message>
        <source>Agents on this machine</source>
        <translation>本机上的智能体</translation>
    </message>
    <message>
        <source>With none checked, setup hooks the agents it finds, as teamai init does.</source>
        <translation>如果一个都不勾选，设置会像 teamai init 那样挂接它找到的智能体。</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>正在检查连接…</translation>
    </message>
    <message>
        <source>The backend rejected the token (HTTP %1). Paste it again, or ask your TeamAI admin for a new one.</source>
        <translation>后端拒绝了令牌（HTTP %1）。请重新粘贴，或向 TeamAI 管理员索取新令牌。</translation>
    </message>
    <message>
        <source>%1 — check the URL, or set up anyway and the app will keep trying.</source>
        <translation>%1 — 请检查 URL，或者仍然继续设置，应用会不断重试。</translation>
    </message>
    <message>
        <source>This server is not a TeamAI backend (HTTP %1). Check the URL your TeamAI admin gave you.</source>
        <translation>该服务器不是 TeamAI 后端（HTTP %1）。请检查 TeamAI 管理员提供的 URL。</translation>
    </message>
    <message>
        <source>Set up &amp;anyway</source>
        <translation>仍然设置(&amp;A)</translation>
    </message>
    <message>
        <source>Setting up the agents found on this machine…</source>
        <translation>正在设置本机上找到的智能体…</translation>
    </message>
    <message>
        <source>Setting up %1…</source>
        <translation>正在设置 %1…</translation>
    </message>
    <message>
        <source>Setup failed: %1</source>
        <translation>设置失败：%1</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>teamai::ui::ModelGatewaysPanel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 (project %2)</source>
        <translation>%1（项目 %2）</translation>
    </message>
    <message>
        <source>Model gateways set by your team</source>
        <translation>团队设置的模型网关</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Remove model gateway</source>
        <translation>移除模型网关</translation>
    </message>
    <message>
        <source>Stop sending %1&apos;s AI requests to the gateway your team configured? Only the entries TeamAI wrote are removed; your own settings stay.</source>
        <translation>不再将 %1 的 AI 请求发送到团队配置的网关？只会移除 TeamAI 写入的条目，你自己的设置保持不变。</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>网关</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>启用时间</translation>
    </message>
    <message>
        <source>Model gateways</source>
        <translation>模型网关</translation>
    </message>
    <message>
        <source>Each tool whose AI requests go to a gateway your team&apos;s backend configured</source>
        <translation>AI 请求经由团队后端所配置网关的各个工具</translation>
    </message>
    <message>
        <source>Remove the selected model gateway</source>
        <translation>移除所选的模型网关</translation>
    </message>
    <message>
        <source>Remove the selected gateway from that tool&apos;s settings (Delete)</source>
        <translation>从该工具的设置中移除所选网关（Delete 键）</translation>
    </message>
    <message>
        <source>Model gateways status</source>
        <translation>模型网关状态</translation>
    </message>
    <message>
        <source>AI requests of %1 go to %2 (set in %3)</source>
        <translation>%1 的 AI 请求发往 %2（设置于 %3）</translation>
    </message>
    <message>
        <source>None: every tool uses its own model settings.</source>
        <translation>无：每个工具都使用自己的模型设置。</translation>
    </message>
    <message>
        <source>Could not remove the gateway: %1</source>
        <translation>无法移除网关：%1</translation>
    </message>
    <message>
        <source>Removed the gateway of %1.</source>
        <translation>已移除 %1 的网关。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::NotificationSettingsPanel</name>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Show a desktop notification when:</source>
        <translation>在以下情况显示桌面通知：</translation>
    </message>
    <message>
        <source>A command is blocked by your setting</source>
        <translation>命令被你的设置阻止</translation>
    </message>
    <message>
        <source>A command fails</source>
        <translation>命令失败</translation>
    </message>
    <message>
        <source>A skill, rule or MCP server changes</source>
        <translation>技能、规则或 MCP 服务器发生变化</translation>
    </message>
    <message>
        <source>Any other command runs</source>
        <translation>其他任何命令运行</translation>
    </message>
    <message>
        <source>The notification choice was not saved: %1</source>
        <translation>通知选项未保存：%1</translation>
    </message>
</context>
<context>
    <name>teamai::ui::Notifier</name>
    <message numerus="yes">
        <source>%n commands blocked by your setting</source>
        <translation>
            <numerusform>%n 条命令被你的设置阻止</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commands failed</source>
        <translation>
            <numerusform>%n 条命令失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n items installed or removed</source>
        <translation>
            <numerusform>%n 项已安装或移除</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commands ran</source>
        <translation>
            <numerusform>%n 条命令已运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remote commands finished</source>
        <translation>
            <numerusform>%n 条远程命令已结束</numerusform>
        </translation>
    </message>
    <message>
        <source>Blocked by your setting: %1</source>
        <translation>已被你的设置阻止：%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Installed or removed: %1</source>
        <translation>已安装或移除：%1</translation>
    </message>
    <message>
        <source>Ran: %1</source>
        <translation>已运行：%1</translation>
    </message>
    <message numerus="yes">
        <source>…and %n more.</source>
        <translation>
            <numerusform>…还有 %n 条。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Commands… for details.</source>
        <translation>打开“命令…”查看详情。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::SettingsDialog</name>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>The backend rejected the saved token. Paste a new one and save.</source>
        <translation>后端拒绝了已保存的令牌。请粘贴新令牌并保存。</translation>
    </message>
    <message>
        <source>The backend rejected the saved token (%1). Paste a new one and save.</source>
        <translation>后端拒绝了已保存的令牌（%1）。请粘贴新令牌并保存。</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>设置已保存。</translation>
    </message>
    <message>
        <source>A token is saved in the system credential store.</source>
        <translation>已有令牌保存在系统凭据存储中。</translation>
    </message>
    <message>
        <source>A token is saved in %1 (owner-only file).</source>
        <translation>已有令牌保存在 %1（仅所有者可读的文件）。</translation>
    </message>
    <message>
        <source>No token is saved.</source>
        <translation>未保存令牌。</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>TeamAI Agent — Settings</source>
        <translation>TeamAI Agent — 设置</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Sync every</source>
        <translation>同步间隔</translation>
    </message>
    <message>
        <source>Agents synced by this app</source>
        <translation>本应用同步的智能体</translation>
    </message>
    <message>
        <source>Sync %1 (~/%2); enabling it also installs its hooks</source>
        <translation>同步 %1（~/%2）；启用后还会安装它的钩子</translation>
    </message>
    <message>
        <source>Logs: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>日志：&lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Choose at least one agent to sync</source>
        <translation>请至少选择一个要同步的智能体</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Saved, but installing the hooks failed: %1</source>
        <translation>已保存，但安装钩子失败：%1</translation>
    </message>
    <message>
        <source>Register TeamAI&apos;s &amp;MCP server with my agents</source>
        <translation>向我的智能体注册 TeamAI 的 &amp;MCP 服务器</translation>
    </message>
    <message>
        <source>Let each agent see the other agents&apos; commands</source>
        <translation>允许每个智能体查看其他智能体的命令</translation>
    </message>
    <message>
        <source>Register TeamAI&apos;s MCP server with my agents</source>
        <translation>向我的智能体注册 TeamAI 的 MCP 服务器</translation>
    </message>
    <message>
        <source>Adds the teamai MCP server (teamai mcp) to the MCP configuration of each agent synced by this app, so the agent can ask what the backend changed and follow the commands it runs. Unchecking removes only the entry TeamAI added; a teamai entry of your own is never changed.</source>
        <translation>将 teamai MCP 服务器（teamai mcp）添加到本应用同步的每个智能体的 MCP 配置中，使智能体可以查询后端做了哪些更改，并跟踪其运行的命令。取消勾选只会移除 TeamAI 添加的条目；您自己的 teamai 条目绝不会被更改。</translation>
    </message>
    <message>
        <source>Off: through the MCP server an agent sees only the commands pushed for it and their output. On: it also sees those of the other agents on this computer.</source>
        <translation>关闭：通过 MCP 服务器，智能体只能看到推送给它的命令及其输出。开启：它还能看到此计算机上其他智能体的命令及输出。</translation>
    </message>
    <message>
        <source>MCP server registration</source>
        <translation>MCP 服务器注册</translation>
    </message>
    <message>
        <source>What your agents can see</source>
        <translation>您的智能体可以看到的内容</translation>
    </message>
    <message>
        <source>Saved, but the MCP server could not be registered or removed: %1</source>
        <translation>已保存，但无法注册或移除 MCP 服务器：%1</translation>
    </message>
    <message>
        <source>%1 already has an MCP server named teamai that TeamAI did not add; it was left as it is.</source>
        <translation>%1 已有一个名为 teamai 的 MCP 服务器，它并非由 TeamAI 添加，已保持原样。</translation>
    </message>
</context>
<context>
    <name>teamai::ui::StatusPanel</name>
    <message>
        <source>Sync status</source>
        <translation>同步状态</translation>
    </message>
</context>
<context>
    <name>teamai::ui::TrayController</name>
    <message>
        <source>Enter a new token…</source>
        <translation>输入新令牌…</translation>
    </message>
    <message>
        <source>Set up the backend…</source>
        <translation>设置后端…</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>立即重试</translation>
    </message>
    <message>
        <source>Open log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>立即同步</translation>
    </message>
    <message>
        <source>Allow remote commands</source>
        <translation>允许远程命令</translation>
    </message>
    <message>
        <source>Hook rules</source>
        <translation>钩子规则</translation>
    </message>
    <message>
        <source>Commands…</source>
        <translation>命令…</translation>
    </message>
    <message>
        <source>Ack history…</source>
        <translation>确认历史…</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>登录时启动</translation>
    </message>
    <message>
        <source>About TeamAI Desktop Agent…</source>
        <translation>关于 TeamAI Desktop Agent…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so TeamAI Agent runs in this window: it keeps syncing while the window is open, and closing it quits.</source>
        <translation>此桌面没有系统托盘，因此 TeamAI Agent 在本窗口中运行：窗口打开期间会持续同步，关闭窗口即退出。</translation>
    </message>
    <message>
        <source>Allow remote commands (locked by policy)</source>
        <translation>允许远程命令（已被策略锁定）</translation>
    </message>
    <message>
        <source>Allow remote commands (off: TEAMAI_DISABLE_REMOTE_CMD)</source>
        <translation>允许远程命令（已由 TEAMAI_DISABLE_REMOTE_CMD 关闭）</translation>
    </message>
    <message>
        <source>Hook rules: none</source>
        <translation>钩子规则：无</translation>
    </message>
    <message>
        <source>Hook rules (%1)</source>
        <translation>钩子规则（%1）</translation>
    </message>
    <message>
        <source>Cannot read agent-hooks.json: %1</source>
        <translation>无法读取 agent-hooks.json：%1</translation>
    </message>
    <message>
        <source>Remote commands not changed: %1</source>
        <translation>远程命令未更改：%1</translation>
    </message>
    <message>
        <source>Hook rules not all restored: %1</source>
        <translation>钩子规则未能全部恢复：%1</translation>
    </message>
    <message>
        <source>Hook rules not all withdrawn: %1</source>
        <translation>钩子规则未能全部撤回：%1</translation>
    </message>
    <message>
        <source>The command ledger cannot be opened; see the log.</source>
        <translation>无法打开命令账本；请查看日志。</translation>
    </message>
</context>
</TS>
