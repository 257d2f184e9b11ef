# bash completion for teamai (TeamAI Desktop Agent)                          -*- shell-script -*-
# Installed as /usr/share/bash-completion/completions/teamai; to try it from a checkout:
#   source resources/completions/teamai.bash
# Keep one case branch per subcommand listing all its options: tests/integration/tst_help_e2e.cpp
# checks them against `teamai <command> --help`.

# The tool names come from the tool table of the teamai being completed, never a copy here.
_teamai_tools()
{
    command "${COMP_WORDS[0]}" --list-tools 2>/dev/null
}
_teamai_events="session-start prompt-submit post-tool-use stop"

# COMPREPLY from compgen, one candidate per line (file names may hold spaces).
_teamai_reply()
{
    mapfile -t COMPREPLY < <(compgen "$@")
}

_teamai()
{
    local cur prev command i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    # The subcommand is the first word after `teamai` (`--hook` counts as one).
    command=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --hook|--hook=*) command=hook-dispatch; break ;;
            -*) ;;
            *) command=${COMP_WORDS[i]}; break ;;
        esac
    done

    # Values of options, whatever the subcommand.
    case $prev in
        --tool|--agent|--agents)
            # init takes a comma-separated list: complete the word after the last comma.
            local done_part=${cur%"${cur##*,}"}
            _teamai_reply -P "$done_part" -W "$(_teamai_tools)" -- "${cur##*,}"
            return ;;
        --hook)
            _teamai_reply -W "$_teamai_events" -- "$cur"; return ;;
        --scope)
            _teamai_reply -W "user project" -- "$cur"; return ;;
        --stdin-file)
            compopt -o filenames 2>/dev/null
            _teamai_reply -f -- "$cur"; return ;;
        --matcher)
            _teamai_reply -W "Skill TodoWrite Bash Edit Write" -- "$cur"; return ;;
        --token-store)
            _teamai_reply -W "auto keychain file" -- "$cur"; return ;;
        --state)
            _teamai_reply -W "pending running succeeded failed rejected skipped interrupted" -- "$cur"; return ;;
        --type)
            _teamai_reply -W "uninstall_teamai cmd install_hook_rule uninstall_hook_rule install_skill uninstall_skill install_rule uninstall_rule install_claudemd uninstall_claudemd" -- "$cur"; return ;;
        --cwd)
            compopt -o filenames 2>/dev/null
            _teamai_reply -d -- "$cur"; return ;;
        --http|--token|--limit|--since|--follow)
            return ;;
    esac

    local words=
    case $command in
        "")
            words="init sync status history remote-cmd mcp bind-project doctor uninstall hook-dispatch worker reconcile-plugins --hook --version --help --list-tools --verbose --dry-run" ;;
        init)
            words="--http --token --tool --agent --agents --scope --token-store --mcp --force --verbose --help" ;;
        sync)
            words="--tool --json --help" ;;
        status)
            words="--json --help" ;;
        history)
            words="--limit --state --type --since --json --follow --tool --agent --help" ;;
        remote-cmd)
            words="enable disable status --help" ;;
        mcp)
            words="--tool --help" ;;
        bind-project)
            words="--project-id --skip --help" ;;
        doctor)
            words="--help" ;;
        uninstall)
            words="--tool --agent --force --purge --dry-run --verbose --help" ;;
        hook-dispatch)
            # `teamai hook-dispatch EVENT --tool TOOL`, or `teamai --hook EVENT --tool TOOL` (the
            # event after --hook is completed above).
            if [ "${COMP_WORDS[i]}" = hook-dispatch ] && [ "$COMP_CWORD" -eq $((i + 1)) ]; then
                words=$_teamai_events
            else
                words="--tool --matcher --stdin --stdin-file --bg-only --dry-run --verbose --hook --help"
            fi ;;
        worker)
            words="--tool --cwd --report-event --help" ;;
        reconcile-plugins)
            words="--tool --help" ;;
    esac
    _teamai_reply -W "$words" -- "$cur"
}

complete -F _teamai teamai
