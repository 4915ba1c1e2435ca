//! objdump(1): see the crate documentation of `objdump_tool`.

fn main() -> std::process::ExitCode {
    tools_common::diag::main("objdump", |prog, args, io| {
        objdump_tool::run(prog, args, io.out, io.err, io.same_file)
    })
}
