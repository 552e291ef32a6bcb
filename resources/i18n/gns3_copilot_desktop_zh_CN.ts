<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
</TS>
