# Lines fixture: no DWARF, so -l names functions from the symbol table, where BFD
# keeps the sized function it found last for the addresses inside it (the untyped
# label `inner` shows only in the padding after `outer`).
	.text
	.type	outer, @function
outer:
	pushq	%rbp
	movq	%rsp, %rbp
inner:
	addl	$1, %eax
	popq	%rbp
	ret
	.size	outer, .-outer
	.p2align 4
	.globl	next
	.type	next, @function
next:
	xorl	%eax, %eax
	ret
	.size	next, .-next
