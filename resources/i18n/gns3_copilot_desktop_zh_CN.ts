<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddressWords</name>
    <message>
        <source>The controller URL must start with http:// or https://</source>
        <translation>控制器 URL 必须以 http:// 或 https:// 开头</translation>
    </message>
    <message>
        <source>The controller URL cannot contain spaces.</source>
        <translation>控制器 URL 不能包含空格。</translation>
    </message>
    <message>
        <source>The controller URL is not valid: check the port (a number from 1 to 65535) and the brackets around an IPv6 address.</source>
        <translation>控制器 URL 无效：请检查端口（1 到 65535 之间的数字）以及 IPv6 地址两侧的方括号。</translation>
    </message>
    <message>
        <source>The controller URL needs a host name or address, e.g. http://127.0.0.1:3080</source>
        <translation>控制器 URL 需要主机名或地址，例如 http://127.0.0.1:3080</translation>
    </message>
    <message>
        <source>The controller URL&apos;s port must be a number from 1 to 65535.</source>
        <translation>控制器 URL 的端口必须是 1 到 65535 之间的数字。</translation>
    </message>
</context>
<context>
    <name>AnswerHtml</name>
    <message>
        <source>A long answer: shown as the Markdown it was written in.</source>
        <translation>回答较长：按其原始 Markdown 文本显示。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Demo controller at {url} (a simulated lab; nothing leaves this machine)</source>
        <translation>演示控制器位于 {url}（模拟实验环境；所有数据都不会离开本机）</translation>
    </message>
</context>
<context>
    <name>Capabilities</name>
    <message>
        <source>GNS3 {version}: this controller has no AI Copilot</source>
        <translation>GNS3 {version}：此控制器没有 AI Copilot</translation>
    </message>
    <message>
        <source>GNS3 {version}: the Copilot is installed but not available</source>
        <translation>GNS3 {version}：Copilot 已安装，但当前不可用</translation>
    </message>
    <message>
        <source>GNS3 {version}: limits enforced by the controller</source>
        <translation>GNS3 {version}：运行限制由控制器执行</translation>
    </message>
    <message>
        <source>GNS3 {version}: limits enforced by this app</source>
        <translation>GNS3 {version}：运行限制由本应用执行</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>Untrusted certificate</source>
        <translation>不受信任的证书</translation>
    </message>
    <message>
        <source>(could not be read)</source>
        <translation>（无法读取）</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>控制器</translation>
    </message>
    <message>
        <source>Issued to</source>
        <translation>颁发给</translation>
    </message>
    <message>
        <source>Issued by</source>
        <translation>颁发者</translation>
    </message>
    <message>
        <source>itself (self-signed)</source>
        <translation>自身（自签名）</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期至</translation>
    </message>
    <message>
        <source>This controller&apos;s certificate is not trusted by this system. Trust it only if the fingerprint below is the one of your GNS3 server.</source>
        <translation>本系统不信任此控制器的证书。仅当下面的指纹与你的 GNS3 服务器的指纹一致时，才信任它。</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint</source>
        <translation>SHA-256 指纹</translation>
    </message>
    <message>
        <source>Trust it for {controller}</source>
        <translation>对 {controller} 信任此证书</translation>
    </message>
</context>
<context>
    <name>CertificateWords</name>
    <message>
        <source>the server showed no certificate</source>
        <translation>服务器未提供证书</translation>
    </message>
</context>
<context>
    <name>ChangeTools</name>
    <message>
        <source>Counts the tools that change devices or the topology:
{changes}
and any tool not known to only read. Known to only read:
{read_only}</source>
        <translation>统计会变更设备或拓扑的工具：
{changes}
以及所有未确认为只读的工具。已知只读的工具：
{read_only}</translation>
    </message>
</context>
<context>
    <name>ChatHeader</name>
    <message>
        <source>Copilot mode</source>
        <translation>Copilot 模式</translation>
    </message>
    <message>
        <source>Set in the default LLM configuration: changing it here updates that configuration.</source>
        <translation>在默认 LLM 配置中设置：在此更改会同时更新该配置。</translation>
    </message>
    <message>
        <source>Set by a group&apos;s configuration: make one of your own the default to choose.</source>
        <translation>由组的配置设定：将你自己的某个配置设为默认后即可选择。</translation>
    </message>
</context>
<context>
    <name>ChatSearch</name>
    <message>
        <source>Search this project&apos;s chats</source>
        <translation>搜索本项目的会话</translation>
    </message>
    <message>
        <source>Chats found</source>
        <translation>找到的会话</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Type two characters or more.</source>
        <translation>请输入至少两个字符。</translation>
    </message>
    <message>
        <source>1 chat found</source>
        <translation>找到 1 个会话</translation>
    </message>
    <message>
        <source>{count} chats found</source>
        <translation>找到 {count} 个会话</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <source>Exercise (solution hidden)</source>
        <translation>练习（答案已隐藏）</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Copy answer</source>
        <translation>复制回答</translation>
    </message>
    <message>
        <source>Error: </source>
        <translation>错误：</translation>
    </message>
    <message>
        <source>Continue with higher limits</source>
        <translation>提高上限后继续</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>会话内容</translation>
    </message>
    <message>
        <source>Jump to latest ↓</source>
        <translation>跳到最新 ↓</translation>
    </message>
    <message>
        <source>Jump to latest</source>
        <translation>跳到最新</translation>
    </message>
    <message>
        <source>Sign in to a GNS3 controller to start.</source>
        <translation>请先登录 GNS3 控制器。</translation>
    </message>
    <message>
        <source>Show earlier messages ({count} more)</source>
        <translation>显示更早的消息（还有 {count} 条）</translation>
    </message>
    <message>
        <source>Loading earlier messages…</source>
        <translation>正在加载更早的消息…</translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation>显示更早的消息</translation>
    </message>
    <message>
        <source>This is a normal stop, not an error. Continue to let the Copilot go on with up to {limits}.</source>
        <translation>这是正常停止，不是错误。点击继续，Copilot 将接着工作，上限为：{limits}。</translation>
    </message>
    <message>
        <source>This is a normal stop, not an error. Continue to let the Copilot go on with higher limits.</source>
        <translation>这是正常停止，不是错误。点击继续，Copilot 将以更高的上限接着工作。</translation>
    </message>
</context>
<context>
    <name>ClosedProjectNotice</name>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>“{project}” was closed on the controller. This chat stays here to read; open the project to go on.</source>
        <translation>“{project}”已在控制器上关闭。此对话保留在这里供阅读；打开项目即可继续。</translation>
    </message>
</context>
<context>
    <name>CodeBlocks</name>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <source>Copy this code block</source>
        <translation>复制此代码块</translation>
    </message>
</context>
<context>
    <name>CompanionMenu</name>
    <message>
        <source>&amp;Copilot</source>
        <translation>&amp;Copilot</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export chat…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <source>Open e&amp;xported chat…</source>
        <translation>打开导出的会话(&amp;X)…</translation>
    </message>
    <message>
        <source>Switch to the project the GNS3 GUI opened last</source>
        <translation>切换到 GNS3 GUI 最近打开的项目</translation>
    </message>
    <message>
        <source>All chats</source>
        <translation>全部会话</translation>
    </message>
    <message>
        <source>Show only the chats of one Copilot mode</source>
        <translation>只显示某一 Copilot 模式的会话</translation>
    </message>
    <message>
        <source>Show the chats of</source>
        <translation>显示以下模式的会话</translation>
    </message>
    <message>
        <source>&amp;LLM settings…</source>
        <translation>LLM 设置(&amp;L)…</translation>
    </message>
    <message>
        <source>Troubleshooting &amp;practice…</source>
        <translation>故障排查练习(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Follow the GNS3 GUI&apos;s project</source>
        <translation>跟随 GNS3 GUI 的项目(&amp;F)</translation>
    </message>
    <message>
        <source>Sign in first: the LLM settings are kept on the controller.</source>
        <translation>请先登录：LLM 设置保存在控制器上。</translation>
    </message>
    <message>
        <source>No LLM set up</source>
        <translation>尚未配置 LLM</translation>
    </message>
    <message>
        <source>The Copilot needs a language model before it can answer. Set one up now?</source>
        <translation>Copilot 需要先配置语言模型才能回答。现在配置吗？</translation>
    </message>
    <message>
        <source>Open LLM settings</source>
        <translation>打开 LLM 设置</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>Reveal the solution?</source>
        <translation>查看答案？</translation>
    </message>
    <message>
        <source>This chat is a troubleshooting exercise: it shows what the Copilot broke in the lab and how to fix it. Open it only once you have found the fault, or want the answer.</source>
        <translation>此对话是一个故障排查练习：其中写明了 Copilot 在实验中破坏了什么以及如何修复。请在找到故障后、或想看答案时再打开。</translation>
    </message>
    <message>
        <source>Reveal solution</source>
        <translation>查看答案</translation>
    </message>
    <message>
        <source>Use the GNS3 GUI&apos;s controller ({controller})</source>
        <translation>使用 GNS3 GUI 的控制器（{controller}）</translation>
    </message>
    <message>
        <source>Read from the settings of the GNS3 GUI {version}</source>
        <translation>读取自 GNS3 GUI {version} 的设置</translation>
    </message>
    <message>
        <source>Export chat</source>
        <translation>导出会话</translation>
    </message>
    <message>
        <source>Open exported chat</source>
        <translation>打开导出的会话</translation>
    </message>
    <message>
        <source>Exported chats</source>
        <translation>导出的会话</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Markdown, for lab reports</source>
        <translation>Markdown，用于实验报告</translation>
    </message>
    <message>
        <source>Web page, self-contained</source>
        <translation>网页，单文件</translation>
    </message>
    <message>
        <source>JSON, opens again in this app</source>
        <translation>JSON，可在本应用中再次打开</translation>
    </message>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask the Copilot…  (Enter sends, Shift+Enter for a new line, Esc stops)</source>
        <translation>向 Copilot 提问…（Enter 发送，Shift+Enter 换行，Esc 停止）</translation>
    </message>
    <message>
        <source>Message to the Copilot</source>
        <translation>发给 Copilot 的消息</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter starts a new line, Escape stops the Copilot</source>
        <translation>Enter 发送，Shift+Enter 换行，Esc 停止 Copilot</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
</context>
<context>
    <name>ControllerClient</name>
    <message>
        <source>The controller at {url} stopped answering ({reason}).</source>
        <translation>{url} 上的控制器已停止响应（{reason}）。</translation>
    </message>
    <message>
        <source>The server at {url} does not speak https on this port. Try {plain}.</source>
        <translation>{url} 上的服务器在此端口不使用 https。请尝试 {plain}。</translation>
    </message>
    <message>
        <source>The controller at {url} has a certificate this app does not trust: {reason}</source>
        <translation>{url} 上的控制器使用了本应用不信任的证书：{reason}</translation>
    </message>
    <message>
        <source>Cannot reach the controller at {url}: {reason}</source>
        <translation>无法连接 {url} 上的控制器：{reason}</translation>
    </message>
    <message>
        <source>no content type</source>
        <translation>无内容类型</translation>
    </message>
    <message>
        <source>The controller sent something that is not JSON ({content_type}).</source>
        <translation>控制器发送的内容不是 JSON（{content_type}）。</translation>
    </message>
    <message>
        <source>The server at {url} is not a GNS3 controller ({reason})</source>
        <translation>{url} 上的服务器不是 GNS3 控制器（{reason}）</translation>
    </message>
    <message>
        <source>The server at {url} is not a GNS3 controller.</source>
        <translation>{url} 上的服务器不是 GNS3 控制器。</translation>
    </message>
    <message>
        <source>The controller answered the chat with &apos;{content_type}&apos; instead of an event stream.</source>
        <translation>控制器对会话请求返回了“{content_type}”，而不是事件流。</translation>
    </message>
    <message>
        <source>The connection to the controller was lost ({reason}).</source>
        <translation>与控制器的连接已断开（{reason}）。</translation>
    </message>
    <message>
        <source>The controller closed the stream before the turn was over.</source>
        <translation>本轮对话尚未结束，控制器就关闭了数据流。</translation>
    </message>
</context>
<context>
    <name>CopilotModes</name>
    <message>
        <source>Teaching assistant</source>
        <translation>教学助手</translation>
    </message>
    <message>
        <source>Looks and explains: runs diagnostics, never changes the lab.</source>
        <translation>只查看和讲解：运行诊断命令，从不变更实验环境。</translation>
    </message>
    <message>
        <source>Lab automation</source>
        <translation>实验自动化</translation>
    </message>
    <message>
        <source>Acts: may configure devices and start or stop nodes.</source>
        <translation>直接操作：可以配置设备、启动或停止节点。</translation>
    </message>
    <message>
        <source>Fault practice</source>
        <translation>故障排查练习</translation>
    </message>
</context>
<context>
    <name>Copying</name>
    <message>
        <source>Copied so far</source>
        <translation>已复制目前的部分</translation>
    </message>
    <message>
        <source>Copied what has come so far: it is still being written</source>
        <translation>已复制目前收到的部分：回答仍在生成中</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Copied to the clipboard</source>
        <translation>已复制到剪贴板</translation>
    </message>
</context>
<context>
    <name>CostLine</name>
    <message>
        <source>This chat: {input} tokens in · {output} out</source>
        <translation>本会话：输入 {input} 个 Token · 输出 {output} 个</translation>
    </message>
    <message>
        <source>≈ ${cost} at the prices set for {model}</source>
        <translation>按 {model} 设置的价格约为 ${cost}</translation>
    </message>
    <message>
        <source>enter {model}&apos;s prices in LLM settings to see the cost</source>
        <translation>在 LLM 设置中填写 {model} 的价格即可查看费用</translation>
    </message>
</context>
<context>
    <name>Credentials</name>
    <message>
        <source>No system keyring is available, so your sign-in is kept in memory only and will be asked again next time ({reason}).</source>
        <translation>没有可用的系统密钥环，登录信息只保存在内存中，下次启动时需要重新登录（{reason}）。</translation>
    </message>
    <message>
        <source>this system has no keyring service, such as GNOME Keyring or KWallet</source>
        <translation>此系统没有密钥环服务（如 GNOME Keyring 或 KWallet）</translation>
    </message>
    <message>
        <source>the keyring is locked</source>
        <translation>密钥环已锁定</translation>
    </message>
    <message>
        <source>the keyring refused</source>
        <translation>密钥环拒绝了访问</translation>
    </message>
</context>
<context>
    <name>ErrorWords</name>
    <message>
        <source>The controller answered with an error.</source>
        <translation>控制器返回了错误。</translation>
    </message>
    <message>
        <source>The controller cannot be reached.</source>
        <translation>无法连接控制器。</translation>
    </message>
    <message>
        <source>The controller&apos;s certificate is not trusted.</source>
        <translation>控制器的证书不受信任。</translation>
    </message>
    <message>
        <source>The controller did not accept the sign-in. Please sign in again.</source>
        <translation>控制器未接受登录。请重新登录。</translation>
    </message>
    <message>
        <source>The project must be opened before its Copilot can be used.</source>
        <translation>必须先打开项目，才能使用其 Copilot。</translation>
    </message>
    <message>
        <source>The Copilot has no LLM configured on this controller.</source>
        <translation>此控制器上的 Copilot 尚未配置 LLM。</translation>
    </message>
    <message>
        <source>This controller has no AI Copilot.</source>
        <translation>此控制器没有 AI Copilot。</translation>
    </message>
    <message>
        <source>The Copilot is installed on this controller but not available.</source>
        <translation>此控制器已安装 Copilot，但当前不可用。</translation>
    </message>
    <message>
        <source>The controller does not know this item.</source>
        <translation>控制器上不存在此项。</translation>
    </message>
    <message>
        <source>The controller refused a value.</source>
        <translation>控制器拒绝了一个取值。</translation>
    </message>
    <message>
        <source>Someone else changed this item in the meantime.</source>
        <translation>此项在此期间已被其他人修改。</translation>
    </message>
    <message>
        <source>The controller answered in a way this app does not understand.</source>
        <translation>控制器的响应方式本应用无法理解。</translation>
    </message>
    <message>
        <source>The controller failed while answering.</source>
        <translation>控制器在响应时出错。</translation>
    </message>
    <message>
        <source>Access denied by the controller.</source>
        <translation>控制器拒绝访问。</translation>
    </message>
    <message>
        <source>The controller failed while answering (HTTP {status}): {text}</source>
        <translation>控制器在响应时出错（HTTP {status}）：{text}</translation>
    </message>
    <message>
        <source>The controller answered HTTP {status}.</source>
        <translation>控制器返回了 HTTP {status}。</translation>
    </message>
</context>
<context>
    <name>EventWords</name>
    <message>
        <source>The Copilot reported an error.</source>
        <translation>Copilot 报告了一个错误。</translation>
    </message>
    <message>
        <source>The connection to the controller was lost.</source>
        <translation>与控制器的连接已断开。</translation>
    </message>
    <message>
        <source>not JSON ({detail})</source>
        <translation>不是 JSON（{detail}）</translation>
    </message>
    <message>
        <source>JSON nested too deep</source>
        <translation>JSON 嵌套层级过深</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>no event type</source>
        <translation>缺少事件类型</translation>
    </message>
    <message>
        <source>bad &apos;{kind}&apos; event ({field}: {detail})</source>
        <translation>无效的“{kind}”事件（{field}：{detail}）</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Open a chat first: there is nothing to export yet.</source>
        <translation>请先打开一个会话：目前没有可导出的内容。</translation>
    </message>
    <message>
        <source>This exercise&apos;s solution is hidden: reveal it before exporting its chat.</source>
        <translation>此练习的答案已隐藏：请先查看答案，再导出其对话。</translation>
    </message>
    <message>
        <source>The Copilot is still answering: export once the answer is complete.</source>
        <translation>Copilot 仍在回答：请在回答完成后再导出。</translation>
    </message>
    <message>
        <source>Could not write {file}: {reason}</source>
        <translation>无法写入 {file}：{reason}</translation>
    </message>
    <message>
        <source>Exported “{chat}” to {path}.</source>
        <translation>已将“{chat}”导出到 {path}。</translation>
    </message>
    <message>
        <source>This file is too big to be an exported chat.</source>
        <translation>此文件太大，不可能是导出的会话。</translation>
    </message>
    <message>
        <source>Could not open {file}: {reason}</source>
        <translation>无法打开 {file}：{reason}</translation>
    </message>
</context>
<context>
    <name>ExportWords</name>
    <message>
        <source>Chat</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>This file is not JSON ({reason}).</source>
        <translation>此文件不是 JSON（{reason}）。</translation>
    </message>
    <message>
        <source>This chat was exported as Markdown or as a web page, which are for reading: only a chat exported as JSON can be opened again. Export it again and choose JSON.</source>
        <translation>此会话导出为 Markdown 或网页，仅供阅读：只有导出为 JSON 的会话才能再次打开。请重新导出并选择 JSON。</translation>
    </message>
    <message>
        <source>This file is not a chat exported by GNS3 Copilot Desktop.</source>
        <translation>此文件不是由 GNS3 Copilot Desktop 导出的会话。</translation>
    </message>
    <message>
        <source>This chat was exported by a newer version of the app: update it to open the file.</source>
        <translation>此会话由更新版本的应用导出：请先更新应用再打开此文件。</translation>
    </message>
    <message>
        <source>This exported chat is damaged: {reason}</source>
        <translation>此导出的会话已损坏：{reason}</translation>
    </message>
    <message>
        <source>stopped before it ran</source>
        <translation>运行前已停止</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>not finished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>控制器</translation>
    </message>
    <message>
        <source>Copilot mode</source>
        <translation>Copilot 模式</translation>
    </message>
    <message>
        <source>LLM calls</source>
        <translation>LLM 调用次数</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Exported</source>
        <translation>导出时间</translation>
    </message>
    <message>
        <source>- **{key}:** {value}</source>
        <translation>- **{key}：** {value}</translation>
    </message>
    <message>
        <source>## Question {number}</source>
        <translation>## 问题 {number}</translation>
    </message>
    <message>
        <source>### Tool call `{name}` ({status})</source>
        <translation>### 工具调用 `{name}`（{status}）</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;{key}:&lt;/b&gt; {value}&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;{key}：&lt;/b&gt; {value}&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>ExportedChatWindow</name>
    <message>
        <source>{chat} — exported chat</source>
        <translation>{chat} — 导出的会话</translation>
    </message>
    <message>
        <source>project {project}</source>
        <translation>项目 {project}</translation>
    </message>
    <message>
        <source>exported {when}</source>
        <translation>导出于 {when}</translation>
    </message>
    <message>
        <source>read-only, offline</source>
        <translation>只读，离线</translation>
    </message>
    <message>
        <source>Export as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Export this chat again, in another format</source>
        <translation>以其他格式再次导出此会话</translation>
    </message>
    <message>
        <source>This exported chat has no messages.</source>
        <translation>此导出的会话中没有消息。</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in this chat</source>
        <translation>在此会话中查找</translation>
    </message>
    <message>
        <source>Previous (Shift+Enter or Shift+F3)</source>
        <translation>上一个（Shift+Enter 或 Shift+F3）</translation>
    </message>
    <message>
        <source>Next (Enter or F3)</source>
        <translation>下一个（Enter 或 F3）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>上一个匹配</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配</translation>
    </message>
    <message>
        <source>Close find</source>
        <translation>关闭查找</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>{count}+ matches</source>
        <translation>{count}+ 个匹配</translation>
    </message>
    <message>
        <source>{count} match</source>
        <translation>{count} 个匹配</translation>
    </message>
    <message>
        <source>{count} matches</source>
        <translation>{count} 个匹配</translation>
    </message>
    <message>
        <source>{current} of {count}+</source>
        <translation>第 {current} 个，共 {count}+ 个</translation>
    </message>
    <message>
        <source>{current} of {count}</source>
        <translation>第 {current} 个，共 {count} 个</translation>
    </message>
</context>
<context>
    <name>GuiHandOff</name>
    <message>
        <source>The GNS3 GUI&apos;s settings no longer name a controller.</source>
        <translation>GNS3 GUI 的设置中已不再指定控制器。</translation>
    </message>
    <message>
        <source>Following the GNS3 GUI: its settings were not found (looked in {places}).</source>
        <translation>正在跟随 GNS3 GUI：未找到它的设置（查找位置：{places}）。</translation>
    </message>
    <message>
        <source>Following the GNS3 GUI: none of its recent projects is on this controller.</source>
        <translation>正在跟随 GNS3 GUI：它最近打开的项目都不在此控制器上。</translation>
    </message>
    <message>
        <source>Following the GNS3 GUI: “{project}”.</source>
        <translation>正在跟随 GNS3 GUI：“{project}”。</translation>
    </message>
</context>
<context>
    <name>GuiOffer</name>
    <message>
        <source>The GNS3 GUI opened a project</source>
        <translation>GNS3 GUI 打开了一个项目</translation>
    </message>
    <message>
        <source>Open it</source>
        <translation>打开它</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>The GNS3 GUI opened “{project}”.</source>
        <translation>GNS3 GUI 打开了“{project}”。</translation>
    </message>
</context>
<context>
    <name>JsonFile</name>
    <message>
        <source>a folder is in its place</source>
        <translation>该位置是一个文件夹</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}. Using defaults.</source>
        <translation>无法读取 {path}：{reason}。将使用默认值。</translation>
    </message>
    <message>
        <source>not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>nested too deep</source>
        <translation>嵌套层级过深</translation>
    </message>
    <message>
        <source>not valid JSON at line {line}, column {column}</source>
        <translation>第 {line} 行第 {column} 列不是有效的 JSON</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <source>JSON, but not the kind this file holds</source>
        <translation>是 JSON，但不是此文件应有的内容</translation>
    </message>
    <message>
        <source>{name} was damaged ({why}); it was moved to {aside}. Defaults are used.</source>
        <translation>{name} 已损坏（{why}），已移至 {aside}。将使用默认值。</translation>
    </message>
    <message>
        <source>{name} was damaged ({why}); it could not be moved aside. Defaults are used.</source>
        <translation>{name} 已损坏（{why}），且无法移走。将使用默认值。</translation>
    </message>
    <message>
        <source>Could not save {path}: {reason}.</source>
        <translation>无法保存 {path}：{reason}。</translation>
    </message>
</context>
<context>
    <name>LLMConfigsDialog</name>
    <message>
        <source>Kept on the controller: type to replace</source>
        <translation>已保存在控制器上：输入新值即可替换</translation>
    </message>
    <message>
        <source>Not needed for a local ollama</source>
        <translation>本地 ollama 无需填写</translation>
    </message>
    <message>
        <source>conservative</source>
        <translation>保守</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>aggressive</source>
        <translation>激进</translation>
    </message>
    <message>
        <source>LLM settings</source>
        <translation>LLM 设置</translation>
    </message>
    <message>
        <source>The language model the Copilot uses on this controller. Chats use the default (★); configurations inherited from a group are shown read-only.</source>
        <translation>Copilot 在此控制器上使用的语言模型。会话使用默认配置（★）；从用户组继承的配置以只读方式显示。</translation>
    </message>
    <message>
        <source>LLM configurations</source>
        <translation>LLM 配置</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Make default</source>
        <translation>设为默认</translation>
    </message>
    <message>
        <source> K tokens</source>
        <translation> K Token</translation>
    </message>
    <message>
        <source>Price per million input tokens</source>
        <translation>每百万输入 Token 的价格</translation>
    </message>
    <message>
        <source>US$ per million input tokens of this model, for the cost estimate; kept on this computer only</source>
        <translation>此模型每百万输入 Token 的价格（美元），用于估算费用；只保存在本机</translation>
    </message>
    <message>
        <source>Price per million output tokens</source>
        <translation>每百万输出 Token 的价格</translation>
    </message>
    <message>
        <source>US$ per million output tokens of this model, for the cost estimate; kept on this computer only</source>
        <translation>此模型每百万输出 Token 的价格（美元），用于估算费用；只保存在本机</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>in ·</source>
        <translation>输入 ·</translation>
    </message>
    <message>
        <source>out, per 1M tokens</source>
        <translation>输出，每百万 Token</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Context limit</source>
        <translation>上下文上限</translation>
    </message>
    <message>
        <source>Context strategy</source>
        <translation>上下文策略</translation>
    </message>
    <message>
        <source>Copilot mode</source>
        <translation>Copilot 模式</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>group “{group}”</source>
        <translation>用户组“{group}”</translation>
    </message>
    <message>
        <source>No LLM is set up yet: fill in the form to make one, then Save.</source>
        <translation>尚未配置 LLM：填写表单新建一个，然后点击保存。</translation>
    </message>
    <message>
        <source>Inherited from the group “{group}”: read-only here.</source>
        <translation>继承自用户组“{group}”：在此处只读。</translation>
    </message>
    <message>
        <source>A new configuration</source>
        <translation>新配置</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Delete LLM configuration</source>
        <translation>删除 LLM 配置</translation>
    </message>
    <message>
        <source>Delete “{name}” from the controller?</source>
        <translation>从控制器上删除“{name}”吗？</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>A field</source>
        <translation>某个字段</translation>
    </message>
    <message>
        <source>{field} cannot be empty.</source>
        <translation>{field}不能为空。</translation>
    </message>
    <message>
        <source>{field} is too long: at most {count} characters.</source>
        <translation>{field}过长：最多 {count} 个字符。</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}：{problem}</translation>
    </message>
</context>
<context>
    <name>LLMSetup</name>
    <message>
        <source>This controller keeps no LLM settings (it has no Copilot, or an older one).</source>
        <translation>此控制器不保存 LLM 设置（它没有 Copilot，或 Copilot 版本较旧）。</translation>
    </message>
    <message>
        <source>Saved the prices of {model} (on this computer only).</source>
        <translation>已保存 {model} 的价格（仅保存在这台电脑上）。</translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>没有任何更改。</translation>
    </message>
    <message>
        <source>Someone changed this configuration while you edited it. It has been reloaded; your values are still in the form: check them and save again.</source>
        <translation>你编辑期间，有人修改了此配置。配置已重新加载；你填写的值仍在表单中：请检查后再次保存。</translation>
    </message>
    <message>
        <source>Saved “{name}”.</source>
        <translation>已保存“{name}”。</translation>
    </message>
    <message>
        <source>Set up an LLM first: the Copilot mode is part of its configuration.</source>
        <translation>请先配置 LLM：Copilot 模式是 LLM 配置的一部分。</translation>
    </message>
    <message>
        <source>The configuration in use comes from the group “{group}”: its mode cannot be changed here. Make one of your own the default to choose a mode.</source>
        <translation>当前使用的配置来自用户组“{group}”：无法在此处更改其模式。请将你自己的某个配置设为默认，再选择模式。</translation>
    </message>
</context>
<context>
    <name>LimitWords</name>
    <message>
        <source>refused: tool-call limit</source>
        <translation>已拒绝：工具调用次数上限</translation>
    </message>
    <message>
        <source>refused: tool-call limit (this app)</source>
        <translation>已拒绝：工具调用次数上限（本应用）</translation>
    </message>
    <message>
        <source>refused: iteration limit</source>
        <translation>已拒绝：迭代次数上限</translation>
    </message>
    <message>
        <source>refused: iteration limit (this app)</source>
        <translation>已拒绝：迭代次数上限（本应用）</translation>
    </message>
    <message>
        <source>refused: time limit</source>
        <translation>已拒绝：时间上限</translation>
    </message>
    <message>
        <source>refused: time limit (this app)</source>
        <translation>已拒绝：时间上限（本应用）</translation>
    </message>
    <message>
        <source>refused: configuration limit</source>
        <translation>已拒绝：配置变更上限</translation>
    </message>
    <message>
        <source>refused: configuration limit (this app)</source>
        <translation>已拒绝：配置变更上限（本应用）</translation>
    </message>
    <message>
        <source>refused: limit for {tool}</source>
        <translation>已拒绝：{tool} 的单工具上限</translation>
    </message>
    <message>
        <source>refused: limit for {tool} (this app)</source>
        <translation>已拒绝：{tool} 的单工具上限（本应用）</translation>
    </message>
    <message>
        <source>refused: limit</source>
        <translation>已拒绝：运行限制</translation>
    </message>
    <message>
        <source>refused: limit (this app)</source>
        <translation>已拒绝：运行限制（本应用）</translation>
    </message>
    <message>
        <source>Time limit reached: {duration}</source>
        <translation>已达到时间上限：{duration}</translation>
    </message>
    <message>
        <source>Iteration limit reached: {limit} of {limit} iterations used</source>
        <translation>已达到迭代次数上限：已用 {limit}/{limit} 次迭代</translation>
    </message>
    <message>
        <source>Configuration limit reached: {count} of {limit} changes made</source>
        <translation>已达到配置变更上限：已进行 {count}/{limit} 次配置变更</translation>
    </message>
    <message>
        <source>Limit for {tool} reached: {count} of {limit} calls used</source>
        <translation>已达到 {tool} 的单工具上限：已用 {count}/{limit} 次调用</translation>
    </message>
    <message>
        <source>Tool call limit reached: {count} of {limit} tool calls used</source>
        <translation>已达到工具调用次数上限：已用 {count}/{limit} 次工具调用</translation>
    </message>
    <message>
        <source> (the controller ran them before this app&apos;s abort reached it)</source>
        <translation>（本应用的中止请求送达前，控制器已运行了这些调用）</translation>
    </message>
    <message>
        <source>{summary} (enforced by this app).</source>
        <translation>{summary}（由本应用执行）。</translation>
    </message>
    <message>
        <source>{summary}.</source>
        <translation>{summary}。</translation>
    </message>
    <message>
        <source>Limit for {tool}: the calls asked for at once were more than the {limit} allowed, so none of them ran</source>
        <translation>{tool} 单工具上限：一次请求的调用超过允许的 {limit} 次，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Limit for {tool}: {asked} calls asked for at once, more than the {limit} allowed, so none of them ran</source>
        <translation>{tool} 单工具上限：一次请求了 {asked} 次调用，超过允许的 {limit} 次，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Limit for {tool}: {count} of {limit} calls ran; the next {asked}, asked for at once, would have gone past it, so none of them ran</source>
        <translation>{tool} 单工具上限：已运行 {count}/{limit} 次调用；接下来一次请求的 {asked} 次会超出上限，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Limit for {tool}: {count} of {limit} calls ran; the next calls, asked for at once, would have gone past it, so none of them ran</source>
        <translation>{tool} 单工具上限：已运行 {count}/{limit} 次调用；接下来一次请求的调用会超出上限，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Tool call limit: the tool calls asked for at once were more than the {limit} allowed, so none of them ran</source>
        <translation>工具调用次数上限：一次请求的工具调用超过允许的 {limit} 次，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Tool call limit: {asked} tool calls asked for at once, more than the {limit} allowed, so none of them ran</source>
        <translation>工具调用次数上限：一次请求了 {asked} 次工具调用，超过允许的 {limit} 次，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Tool call limit: {count} of {limit} tool calls ran; the next {asked}, asked for at once, would have gone past it, so none of them ran</source>
        <translation>工具调用次数上限：已运行 {count}/{limit} 次工具调用；接下来一次请求的 {asked} 次会超出上限，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Tool call limit: {count} of {limit} tool calls ran; the next calls, asked for at once, would have gone past it, so none of them ran</source>
        <translation>工具调用次数上限：已运行 {count}/{limit} 次工具调用；接下来一次请求的调用会超出上限，因此一次都没有运行</translation>
    </message>
    <message>
        <source>Time limit reached ({duration}). This app stopped the turn.</source>
        <translation>已达到时间上限（{duration}）。本应用已停止本轮对话。</translation>
    </message>
    <message>
        <source>Configuration limit reached ({limit} changes). This call would change the lab once more. Changes made: {count}/{limit}.</source>
        <translation>已达到配置变更上限（{limit} 次）。此调用会再次变更实验环境。已进行的配置变更：{count}/{limit}。</translation>
    </message>
    <message>
        <source>Limit for {tool} reached ({limit} calls). Calls made: {count}/{limit}.</source>
        <translation>已达到 {tool} 的单工具上限（{limit} 次调用）。已调用：{count}/{limit}。</translation>
    </message>
    <message>
        <source>Tool call limit reached ({limit} calls). Please simplify your request or break it into smaller steps. Current tool call count: {count}/{limit}.</source>
        <translation>已达到工具调用次数上限（{limit} 次）。请简化请求，或将其拆分为更小的步骤。当前工具调用次数：{count}/{limit}。</translation>
    </message>
    <message>
        <source>Iteration limit reached ({limit} iterations). The agent stopped before it could finish; raise the iteration limit to let it go on.</source>
        <translation>已达到迭代次数上限（{limit} 次迭代）。Copilot 未完成任务便已停止；提高迭代次数上限即可让它继续。</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} 分钟</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>Continuing with up to {limits}.</source>
        <translation>继续，上限为：{limits}。</translation>
    </message>
    <message>
        <source>{count} iterations</source>
        <translation>{count} 次迭代</translation>
    </message>
    <message>
        <source>unlimited tool calls</source>
        <translation>工具调用不限</translation>
    </message>
    <message>
        <source>{count} tool calls</source>
        <translation>{count} 次工具调用</translation>
    </message>
    <message>
        <source>no time limit</source>
        <translation>不限时间</translation>
    </message>
    <message>
        <source>unlimited configuration changes</source>
        <translation>配置变更不限</translation>
    </message>
    <message>
        <source>no configuration changes</source>
        <translation>不允许配置变更</translation>
    </message>
    <message>
        <source>{count} configuration changes</source>
        <translation>{count} 次配置变更</translation>
    </message>
    <message>
        <source>{count} calls of {tool}</source>
        <translation>{tool} 最多 {count} 次调用</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first}，{last}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>LimitsPanel</name>
    <message>
        <source>Runtime limits</source>
        <translation>运行限制</translation>
    </message>
    <message>
        <source>Max iterations</source>
        <translation>最大迭代次数</translation>
    </message>
    <message>
        <source>LLM↔tool iterations per request ({low}–{high}). One iteration is one LLM call plus its tools.</source>
        <translation>每个请求的 LLM↔工具迭代次数（{low}–{high}）。一次迭代是一次 LLM 调用及其工具调用。</translation>
    </message>
    <message>
        <source>Tool calls per request ({low}–{high}).</source>
        <translation>每个请求的工具调用次数（{low}–{high}）。</translation>
    </message>
    <message>
        <source>Max tool calls</source>
        <translation>工具调用次数上限</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>No tool-call limit: the field is not sent.</source>
        <translation>不限制工具调用次数：不发送该字段。</translation>
    </message>
    <message>
        <source>Presets of limits</source>
        <translation>运行限制的预设</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save these limits as a preset</source>
        <translation>将这些上限保存为预设</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Delete the chosen preset (built-in presets stay)</source>
        <translation>删除所选预设（内置预设不可删除）</translation>
    </message>
    <message>
        <source>Cost of this chat</source>
        <translation>本会话的费用</translation>
    </message>
    <message>
        <source>Max &amp;iterations</source>
        <translation>最大迭代次数(&amp;I)</translation>
    </message>
    <message>
        <source>Max &amp;tool calls</source>
        <translation>工具调用次数上限(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Preset</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Not signed in</source>
        <translation>未登录</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Sign in…</source>
        <translation>登录…</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation>本轮状态</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>The demo controller&apos;s password is filled in: press Sign in.</source>
        <translation>已填入演示控制器的密码：请按“登录”。</translation>
    </message>
    <message>
        <source>Not signed in (was {user} @ {url})</source>
        <translation>未登录（之前为 {user} @ {url}）</translation>
    </message>
    <message>
        <source>Choose a project on the left.</source>
        <translation>请在左侧选择一个项目。</translation>
    </message>
    <message>
        <source>Sign in to a GNS3 controller to start.</source>
        <translation>请先登录 GNS3 控制器。</translation>
    </message>
    <message>
        <source>Limits enforced by the controller.</source>
        <translation>运行限制由控制器执行。</translation>
    </message>
    <message>
        <source>Limits enforced by this app.</source>
        <translation>运行限制由本应用执行。</translation>
    </message>
    <message>
        <source>“{project}” is closed. Open it to chat with its Copilot.</source>
        <translation>“{project}”已关闭。打开项目后才能与其 Copilot 会话。</translation>
    </message>
    <message>
        <source>This controller has no AI Copilot. You can still browse its projects.</source>
        <translation>此控制器没有 AI Copilot。你仍可浏览其项目。</translation>
    </message>
    <message>
        <source>The Copilot is installed on this controller but not available.</source>
        <translation>此控制器已安装 Copilot，但当前不可用。</translation>
    </message>
    <message>
        <source>Ask the Copilot about “{project}”: try “Show me the topology”.</source>
        <translation>向 Copilot 询问“{project}”：试试“显示拓扑”。</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>iteration {count}/{limit}</source>
        <translation>迭代 {count}/{limit}</translation>
    </message>
    <message>
        <source>iteration {count}</source>
        <translation>迭代 {count}</translation>
    </message>
    <message>
        <source>tool calls {count}/{limit}</source>
        <translation>工具调用 {count}/{limit}</translation>
    </message>
    <message>
        <source>tool calls {count}</source>
        <translation>工具调用 {count}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Stopping… in another chat</source>
        <translation>正在停止…（在另一个会话中）</translation>
    </message>
    <message>
        <source>Copilot is working</source>
        <translation>Copilot 正在工作</translation>
    </message>
    <message>
        <source>Copilot is working in another chat</source>
        <translation>Copilot 正在另一个会话中工作</translation>
    </message>
    <message>
        <source>Nothing has arrived from the controller for {seconds} s</source>
        <translation>已有 {seconds} 秒未收到控制器的任何数据</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Sign in first</source>
        <translation>请先登录</translation>
    </message>
    <message>
        <source>Choose a project first</source>
        <translation>请先选择项目</translation>
    </message>
    <message>
        <source>Open the project first</source>
        <translation>请先打开项目</translation>
    </message>
    <message>
        <source>A new chat with this project&apos;s Copilot (Ctrl+N)</source>
        <translation>与此项目的 Copilot 新建会话（Ctrl+N）</translation>
    </message>
    <message>
        <source>Error: {text}</source>
        <translation>错误：{text}</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>send the message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>new line in the message</source>
        <translation>在消息中换行</translation>
    </message>
    <message>
        <source>move between controls</source>
        <translation>在控件之间移动</translation>
    </message>
    <message>
        <source>open the chat chosen in the list; press a focused button</source>
        <translation>打开列表中选中的会话；按下获得焦点的按钮</translation>
    </message>
    <message>
        <source>the menu of the chat chosen in the list (rename, pin, delete)</source>
        <translation>列表中所选会话的菜单（重命名、置顶、删除）</translation>
    </message>
    <message>
        <source>rename the chat chosen in the list</source>
        <translation>重命名列表中所选的会话</translation>
    </message>
    <message>
        <source>delete the chat chosen in the list (asks first)</source>
        <translation>删除列表中所选的会话（先询问）</translation>
    </message>
    <message>
        <source>new chat</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>find in the open chat (Enter or F3 / Shift+Enter or Shift+F3: next / previous, Esc: close)</source>
        <translation>在当前会话中查找（Enter 或 F3 / Shift+Enter 或 Shift+F3：下一个 / 上一个，Esc：关闭）</translation>
    </message>
    <message>
        <source>larger / smaller / normal text</source>
        <translation>放大 / 缩小 / 默认文字</translation>
    </message>
    <message>
        <source>show or hide the side panels</source>
        <translation>显示或隐藏侧边栏</translation>
    </message>
    <message>
        <source>quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Sign in…</source>
        <translation>登录(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Connect to another controller…</source>
        <translation>连接其他控制器(&amp;C)…</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>退出登录(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Larger text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;maller text</source>
        <translation>缩小文字(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Normal text size</source>
        <translation>默认文字大小(&amp;N)</translation>
    </message>
    <message>
        <source>Side &amp;panels</source>
        <translation>侧边栏(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>stop the Copilot (anywhere in the window); else close Find</source>
        <translation>停止 Copilot（在窗口任意位置）；否则关闭查找</translation>
    </message>
    <message>
        <source>with a menu&apos;s underlined letter: open that menu; then an item&apos;s underlined letter picks it</source>
        <translation>加菜单带下划线的字母：打开该菜单；再按菜单项带下划线的字母即选中它</translation>
    </message>
    <message>
        <source>move through the conversation (also after a click in an answer)</source>
        <translation>在对话中翻页和跳转（在回答中点击之后也可以）</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About GNS3 Copilot Desktop</source>
        <translation>关于 GNS3 Copilot Desktop(&amp;A)</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;System ({language})</source>
        <translation>跟随系统(&amp;S)（{language}）</translation>
    </message>
    <message>
        <source>The app will speak {language} when it starts again.</source>
        <translation>应用下次启动时将使用 {language}。</translation>
    </message>
    <message>
        <source>The choice could not be saved, so it holds for the next start only: {problem}</source>
        <translation>无法保存此选择，因此仅对下次启动有效：{problem}</translation>
    </message>
    <message>
        <source>Restarting now stops the Copilot&apos;s answer in progress and loses the message you are typing.</source>
        <translation>立即重启会中止 Copilot 正在生成的回答，并丢失你正在输入的消息。</translation>
    </message>
    <message>
        <source>You signed in without “remember me”: you will be asked for your password again.</source>
        <translation>你登录时未勾选“记住我”：重启后需要重新输入密码。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>立即重启</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>GNS3 {version} at {url}</source>
        <translation>GNS3 {version}，地址 {url}</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Controller: {controller}</source>
        <translation>控制器：{controller}</translation>
    </message>
    <message>
        <source>About GNS3 Copilot Desktop</source>
        <translation>关于 GNS3 Copilot Desktop</translation>
    </message>
</context>
<context>
    <name>MoreLimits</name>
    <message>
        <source>More limits</source>
        <translation>更多运行限制</translation>
    </message>
    <message>
        <source>A time limit, a limit on configuration changes, limits per tool</source>
        <translation>时间上限、配置变更次数上限、单工具上限</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Stop the turn when it has run this long ({low}–{high} min), or off.</source>
        <translation>本轮运行达到此时长（{low}–{high} 分钟）时停止；或关闭。</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间上限</translation>
    </message>
    <message>
        <source>Configuration changes</source>
        <translation>配置变更</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>A tool of this controller&apos;s Copilot</source>
        <translation>此控制器的 Copilot 的一个工具</translation>
    </message>
    <message>
        <source>Max calls of the tool</source>
        <translation>该工具的调用次数上限</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add a limit for this tool</source>
        <translation>为此工具添加上限</translation>
    </message>
    <message>
        <source>Limits per tool</source>
        <translation>单工具上限</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the chosen tool limit</source>
        <translation>移除所选的工具上限</translation>
    </message>
    <message>
        <source>Config changes</source>
        <translation>配置变更</translation>
    </message>
    <message>
        <source>Per tool</source>
        <translation>单工具</translation>
    </message>
    <message>
        <source>Configuration changes per request (0 = diagnose only), or off.</source>
        <translation>每个请求的配置变更次数（0 = 仅诊断），或关闭。</translation>
    </message>
</context>
<context>
    <name>Practice</name>
    <message>
        <source>Wait for the Copilot to finish before starting an exercise.</source>
        <translation>请等待 Copilot 完成后再开始练习。</translation>
    </message>
    <message>
        <source>Choose an opened project first: the faults go into its lab.</source>
        <translation>请先选择一个已打开的项目：故障会注入到它的实验环境中。</translation>
    </message>
</context>
<context>
    <name>PracticeDialog</name>
    <message>
        <source>Troubleshoot why PC1 cannot reach the other LAN</source>
        <translation>排查 PC1 为什么无法访问另一个局域网</translation>
    </message>
    <message>
        <source>Troubleshooting practice</source>
        <translation>故障排查练习</translation>
    </message>
    <message>
        <source>The Copilot breaks something in this project&apos;s lab for you to find and fix. It really changes the lab: use a lab you can afford to break.</source>
        <translation>Copilot 会在此项目的实验环境中制造故障，供你查找并修复。它会真正修改实验环境：请使用可以被破坏的实验环境。</translation>
    </message>
    <message>
        <source>Faults:</source>
        <translation>故障数：</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Inject</source>
        <translation>注入</translation>
    </message>
    <message>
        <source>Let the Copilot put the faults into the lab</source>
        <translation>让 Copilot 将故障注入实验环境</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Preparing the exercise</source>
        <translation>正在准备练习</translation>
    </message>
    <message>
        <source>Troubleshoot it in a new chat</source>
        <translation>在新会话中排查</translation>
    </message>
    <message>
        <source>Reveal solution</source>
        <translation>查看答案</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>step {step} · {count} tool call done</source>
        <translation>第 {step} 步 · 已完成 {count} 次工具调用</translation>
    </message>
    <message>
        <source>step {step} · {count} tool calls done</source>
        <translation>第 {step} 步 · 已完成 {count} 次工具调用</translation>
    </message>
    <message>
        <source>Stopping…: {steps}.</source>
        <translation>正在停止…：{steps}。</translation>
    </message>
    <message>
        <source>The Copilot is preparing the exercise: {steps}.</source>
        <translation>Copilot 正在准备练习：{steps}。</translation>
    </message>
    <message>
        <source>Stopped by a runtime limit ({steps}): {limit}. The lab may be partly changed: Reveal solution shows what was done. Raise the limit in the side panel to let the exercise finish.</source>
        <translation>已被运行限制停止（{steps}）：{limit}。实验可能已被部分修改：“查看答案”会显示已做的操作。在侧边栏中提高该限制，即可让练习完成。</translation>
    </message>
    <message>
        <source>Ready ({steps}). Something in the lab is broken now: find it and fix it in a normal chat. Try “{question}”.</source>
        <translation>已就绪（{steps}）。实验环境中现在有故障：请在普通会话中找出并修复它。试试“{question}”。</translation>
    </message>
    <message>
        <source>The exercise could not be prepared: {error}</source>
        <translation>无法准备练习：{error}</translation>
    </message>
    <message>
        <source>Stopped ({steps}). The lab may be partly changed: Reveal solution shows what was done.</source>
        <translation>已停止（{steps}）。实验环境可能已被部分修改：点击“查看答案”可了解做了哪些操作。</translation>
    </message>
    <message>
        <source>Runs under your runtime limits ({limits}, as in the side panel); a limit stops it as it stops a chat.</source>
        <translation>按你的运行限制执行（{limits}，与侧边栏一致）；达到限制时会像对话一样停止。</translation>
    </message>
</context>
<context>
    <name>PresenterBase</name>
    <message>
        <source>Something went wrong: {error}</source>
        <translation>出错了：{error}</translation>
    </message>
</context>
<context>
    <name>PresenterChats</name>
    <message>
        <source>A chat title cannot be empty.</source>
        <translation>会话标题不能为空。</translation>
    </message>
</context>
<context>
    <name>PresenterProjects</name>
    <message>
        <source>“{project}” is closed: open it to chat with its Copilot.</source>
        <translation>“{project}”已关闭：打开项目后才能与其 Copilot 会话。</translation>
    </message>
    <message>
        <source>No project “{project}” on this controller.</source>
        <translation>此控制器上没有项目“{project}”。</translation>
    </message>
</context>
<context>
    <name>PresenterSearch</name>
    <message>
        <source>{count} older chats were searched by title only.</source>
        <translation>另有 {count} 个较早的会话只按标题搜索。</translation>
    </message>
</context>
<context>
    <name>PresenterSignIn</name>
    <message>
        <source>Your sign-in has expired. Please sign in again.</source>
        <translation>登录已过期，请重新登录。</translation>
    </message>
    <message>
        <source>{error} (the certificate could not be read: {reason})</source>
        <translation>{error}（无法读取证书：{reason}）</translation>
    </message>
    <message>
        <source>The certificate of {url} is not trusted. It is not the certificate you trusted before for this controller. Check it, then trust it or cancel.</source>
        <translation>{url} 的证书不受信任。它不是你之前为此控制器信任的证书。请检查后选择信任或取消。</translation>
    </message>
    <message>
        <source>The certificate of {url} is not trusted. Check it, then trust it or cancel.</source>
        <translation>{url} 的证书不受信任。请检查后选择信任或取消。</translation>
    </message>
    <message>
        <source>Could not sign in to {url}: {error}</source>
        <translation>无法登录 {url}：{error}</translation>
    </message>
    <message>
        <source>You are not signed in.</source>
        <translation>你尚未登录。</translation>
    </message>
</context>
<context>
    <name>PresenterTurns</name>
    <message>
        <source>The Copilot is still answering: wait for it, or press Stop.</source>
        <translation>Copilot 仍在回答：请等待，或按“停止”。</translation>
    </message>
    <message>
        <source>Choose a project first.</source>
        <translation>请先选择项目。</translation>
    </message>
    <message>
        <source>These limits cannot be sent: {error}</source>
        <translation>无法发送这些上限：{error}</translation>
    </message>
</context>
<context>
    <name>PresetDialogs</name>
    <message>
        <source>Save limits as a preset</source>
        <translation>将上限保存为预设</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Name for {limits} (iterations / tool calls):</source>
        <translation>为 {limits}（迭代次数 / 工具调用次数）命名：</translation>
    </message>
    <message>
        <source>Replace preset</source>
        <translation>替换预设</translation>
    </message>
    <message>
        <source>A preset “{name}” exists. Replace it with {limits}?</source>
        <translation>预设“{name}”已存在。要用 {limits} 替换它吗？</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”?</source>
        <translation>删除预设“{name}”吗？</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>不允许变更</translation>
    </message>
    <message>
        <source>{count} change</source>
        <translation>{count} 次变更</translation>
    </message>
    <message>
        <source>{count} changes</source>
        <translation>{count} 次变更</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} 分钟</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Quick look</source>
        <translation>快速查看</translation>
    </message>
    <message>
        <source>Lab build</source>
        <translation>搭建实验</translation>
    </message>
    <message>
        <source>Diagnose only</source>
        <translation>仅诊断</translation>
    </message>
    <message>
        <source>Careful change</source>
        <translation>谨慎变更</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>预设需要一个名称。</translation>
    </message>
    <message>
        <source>“{name}” is a built-in preset; choose another name.</source>
        <translation>“{name}”是内置预设，请换一个名称。</translation>
    </message>
    <message>
        <source>The preset “{name}” is kept until the app closes, and saving is tried again with your next change.</source>
        <translation>预设“{name}”会保留到应用关闭；下次更改时将再次尝试保存。</translation>
    </message>
    <message>
        <source>The deletion of “{name}” is kept until the app closes, and saving is tried again with your next change.</source>
        <translation>对“{name}”的删除会保留到应用关闭；下次更改时将再次尝试保存。</translation>
    </message>
    <message>
        <source>The limits of this project are kept until the app closes, and saving is tried again with your next change.</source>
        <translation>此项目的上限会保留到应用关闭；下次更改时将再次尝试保存。</translation>
    </message>
</context>
<context>
    <name>SessionLine</name>
    <message>
        <source>1 year ago</source>
        <translation>1 年前</translation>
    </message>
    <message>
        <source>{count} years ago</source>
        <translation>{count} 年前</translation>
    </message>
    <message>
        <source>1 month ago</source>
        <translation>1 个月前</translation>
    </message>
    <message>
        <source>{count} months ago</source>
        <translation>{count} 个月前</translation>
    </message>
    <message>
        <source>1 week ago</source>
        <translation>1 周前</translation>
    </message>
    <message>
        <source>{count} weeks ago</source>
        <translation>{count} 周前</translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>{count} days ago</source>
        <translation>{count} 天前</translation>
    </message>
    <message>
        <source>1 hour ago</source>
        <translation>1 小时前</translation>
    </message>
    <message>
        <source>{count} hours ago</source>
        <translation>{count} 小时前</translation>
    </message>
    <message>
        <source>{count} min ago</source>
        <translation>{count} 分钟前</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>1 message</source>
        <translation>1 条消息</translation>
    </message>
    <message>
        <source>{count} messages</source>
        <translation>{count} 条消息</translation>
    </message>
    <message>
        <source>{input} tokens in · {output} out · {total} total</source>
        <translation>输入 {input} 个 Token · 输出 {output} 个 · 共 {total} 个</translation>
    </message>
    <message>
        <source>1 LLM call</source>
        <translation>1 次 LLM 调用</translation>
    </message>
    <message>
        <source>{count} LLM calls</source>
        <translation>{count} 次 LLM 调用</translation>
    </message>
    <message>
        <source>last message {when}</source>
        <translation>最后一条消息：{when}</translation>
    </message>
    <message>
        <source>Last message: {time}</source>
        <translation>最后一条消息：{time}</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>The settings are kept until the app closes.</source>
        <translation>设置会保留到应用关闭。</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>No project</source>
        <translation>无项目</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Chat needs an opened project</source>
        <translation>会话需要已打开的项目</translation>
    </message>
    <message>
        <source>Sign in to see the projects</source>
        <translation>登录后可查看项目</translation>
    </message>
    <message>
        <source>Choose a project</source>
        <translation>请选择项目</translation>
    </message>
    <message>
        <source>No projects on this controller</source>
        <translation>此控制器上没有项目</translation>
    </message>
    <message>
        <source>opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>{title} (pinned)</source>
        <translation>{title}（已置顶）</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>Un&amp;pin</source>
        <translation>取消置顶(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation>置顶(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <source>New title:</source>
        <translation>新标题：</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>删除会话</translation>
    </message>
    <message>
        <source>Delete “{title}” and its history from the controller?</source>
        <translation>从控制器删除“{title}”及其历史记录？</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to a GNS3 controller</source>
        <translation>登录 GNS3 控制器</translation>
    </message>
    <message>
        <source>Remember me (the password goes to the system keyring)</source>
        <translation>记住我（密码保存到系统密钥环）</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>登录</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>控制器</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Remember me (not possible here: no system keyring)</source>
        <translation>记住我（此处不可用：没有系统密钥环）</translation>
    </message>
    <message>
        <source>A keyring service such as GNOME Keyring or KWallet keeps a remembered sign-in. Without one you are asked at each start: passwords never go to a plain file.</source>
        <translation>“记住我”需要密钥环服务（如 GNOME Keyring 或 KWallet）来保存登录信息。没有密钥环时，每次启动都需要登录：密码绝不会写入明文文件。</translation>
    </message>
    <message>
        <source>Enter a user name.</source>
        <translation>请输入用户名。</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>正在登录…</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>writing arguments…</source>
        <translation>正在生成参数…</translation>
    </message>
    <message>
        <source>waiting to run</source>
        <translation>等待运行</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>limit reached</source>
        <translation>已达到上限</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the call and its result</source>
        <translation>复制此调用及其结果</translation>
    </message>
    <message>
        <source>Limit reached</source>
        <translation>已达到上限</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Tool call {name}: {status}</source>
        <translation>工具调用 {name}：{status}</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>Show all ({count} lines)</source>
        <translation>全部显示（{count} 行）</translation>
    </message>
    <message>
        <source>Whole result</source>
        <translation>完整结果</translation>
    </message>
    <message>
        <source>… ({count} more characters on this line)</source>
        <translation>…（此行还有 {count} 个字符）</translation>
    </message>
    <message>
        <source>… {count} more characters: Copy gives the whole result.</source>
        <translation>… 还有 {count} 个字符：“复制”可得到完整结果。</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>Stopped: you aborted this turn.</source>
        <translation>已停止：你中止了本轮对话。</translation>
    </message>
    <message>
        <source>The connection to the controller was lost.</source>
        <translation>与控制器的连接已断开。</translation>
    </message>
    <message>
        <source>{reason} What arrived is kept.</source>
        <translation>{reason}已收到的内容均已保留。</translation>
    </message>
    <message>
        <source>Could not show this part ({what}): {reason}. Raw text: {raw}</source>
        <translation>无法显示这一部分（{what}）：{reason}。原始文本：{raw}</translation>
    </message>
    <message>
        <source>The controller sent something this app could not read ({reason}); it was skipped.</source>
        <translation>控制器发送了本应用无法读取的内容（{reason}），已跳过。</translation>
    </message>
</context>
<context>
    <name>TurnRecords</name>
    <message>
        <source>(not kept: it may hold secrets)</source>
        <translation>（未保留：可能包含机密信息）</translation>
    </message>
</context>
<context>
    <name>UnshownPart</name>
    <message>
        <source>⚠ Could not show this part: {reason}</source>
        <translation>⚠ 无法显示此部分：{reason}</translation>
    </message>
    <message>
        <source>Copy raw text</source>
        <translation>复制原始文本</translation>
    </message>
</context>
<context>
    <name>Untrusted</name>
    <message>
        <source>brackets nested too deep</source>
        <translation>括号嵌套过深</translation>
    </message>
    <message>
        <source>a line is too long</source>
        <translation>某一行过长</translation>
    </message>
    <message>
        <source>nested too deep</source>
        <translation>嵌套层级过深</translation>
    </message>
    <message>
        <source>a table is too wide</source>
        <translation>表格过宽</translation>
    </message>
    <message>
        <source>Shown as plain text ({reason}).</source>
        <translation>以纯文本显示（{reason}）。</translation>
    </message>
    <message>
        <source>[image: {text}]</source>
        <translation>[图片：{text}]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[图片]</translation>
    </message>
    <message>
        <source>Open link?</source>
        <translation>打开链接？</translation>
    </message>
    <message>
        <source>This link goes to:

{address}

Open it in your browser?</source>
        <translation>此链接指向：

{address}

要在浏览器中打开吗？</translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <source>This link is not a web address, so the app does not open it:

{address}</source>
        <translation>此链接不是网页地址，因此本应用不会打开它：

{address}</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>复制链接</translation>
    </message>
</context>
</TS>
