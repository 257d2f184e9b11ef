<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
</TS>
