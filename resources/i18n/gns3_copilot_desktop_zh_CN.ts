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
        <source>stop the Copilot (anywhere in the window)</source>
        <translation>停止 Copilot（在窗口任意位置）</translation>
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
        <source>new chat</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>find in the open chat (Enter / Shift+Enter: next / previous, Esc: close)</source>
        <translation>在当前会话中查找（Enter / Shift+Enter：下一个 / 上一个，Esc：关闭）</translation>
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
        <translation>应用下次启动时将使用{language}。</translation>
    </message>
    <message>
        <source>Restarting now stops the Copilot&apos;s answer in progress and loses the message you are typing.</source>
        <translation>立即重启会中止 Copilot 正在生成的回答，并丢失您正在输入的消息。</translation>
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
        <source>{summary} (enforced by this app).</source>
        <translation>{summary}（由本应用执行）。</translation>
    </message>
    <message>
        <source>Could not show this part ({what}): {reason}. Raw text: {raw}</source>
        <translation>无法显示这一部分（{what}）：{reason}。原始文本：{raw}</translation>
    </message>
    <message>
        <source>The controller sent something this app could not read ({reason}); it was skipped.</source>
        <translation>控制器发送了本应用无法读取的内容（{reason}），已跳过。</translation>
    </message>
    <message>
        <source>{summary}.</source>
        <translation>{summary}。</translation>
    </message>
</context>
<context>
    <name>TurnRecords</name>
    <message>
        <source>(not kept: it may hold secrets)</source>
        <translation>（未保留：可能包含机密信息）</translation>
    </message>
</context>
</TS>
