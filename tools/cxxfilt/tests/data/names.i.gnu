std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::basic_string<std::basic_string_view<char, std::char_traits<char> >, void>(std::basic_string_view<char, std::char_traits<char> > const&, std::allocator<char> const&)
typeinfo for gen105::Node<3>
std::__cxx11::basic_stringstream<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> >::basic_stringstream(std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> > const&, std::_Ios_Openmode)
typeinfo for clang::driver::HeaderModulePrecompileJobAction
v8::internal::compiler::MachineOperatorGlobalCache::I16x8AddSatUOperator::~I16x8AddSatUOperator()
v8::internal::compiler::JSHeapBroker::Initexec_string()
v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::WasmGraphBuildingInterface, (v8::internal::wasm::DecodingMode)0>::DecodeI32Clz(v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::WasmGraphBuildingInterface, (v8::internal::wasm::DecodingMode)0>*, v8::internal::wasm::WasmOpcode)
v8::internal::Descriptor::Descriptor(v8::internal::Handle<v8::internal::Name>, v8::internal::MaybeObjectHandle const&, v8::internal::PropertyKind, v8::internal::PropertyAttributes, v8::internal::PropertyLocation, v8::internal::PropertyConstness, v8::internal::Representation, int)
typeinfo for clang::ast_matchers::internal::matcher_isExpansionInMainFileMatcher<clang::Decl>
void std::__push_heap<__gnu_cxx::__normal_iterator<gen234::Job*, std::vector<gen234::Job, std::allocator<gen234::Job> > >, long, gen234::Job, __gnu_cxx::__ops::_Iter_comp_val<std::less<gen234::Job> > >(__gnu_cxx::__normal_iterator<gen234::Job*, std::vector<gen234::Job, std::allocator<gen234::Job> > >, long, long, gen234::Job, __gnu_cxx::__ops::_Iter_comp_val<std::less<gen234::Job> >&) [clone .isra.0]
clang::LazyGenerationalUpdatePtr<clang::Decl const*, clang::Decl*, &clang::ExternalASTSource::CompleteRedeclChain>::makeValue(clang::ASTContext const&, clang::Decl*)
typeinfo for clang::ento::Checker<clang::ento::check::ASTDecl<clang::ObjCMethodDecl>>
bool llvm::PatternMatch::match_combine_or<llvm::PatternMatch::LogicalOp_match<llvm::PatternMatch::class_match<llvm::Value>, llvm::PatternMatch::class_match<llvm::Value>, 28u, false>, llvm::PatternMatch::LogicalOp_match<llvm::PatternMatch::class_match<llvm::Value>, llvm::PatternMatch::class_match<llvm::Value>, 29u, false> >::match<llvm::Value>(llvm::Value*)
llvm::TargetLowering::EmitInstrWithCustomInserter(llvm::MachineInstr&, llvm::MachineBasicBlock*) const
gen253::Base const** std::__move_merge<__gnu_cxx::__normal_iterator<gen253::Base const**, std::vector<gen253::Base const*, std::allocator<gen253::Base const*> > >, gen253::Base const**, __gnu_cxx::__ops::_Iter_comp_iter<gen253::Graph::walk() const::{lambda(gen253::Base const*, gen253::Base const*)#1}> >(__gnu_cxx::__normal_iterator<gen253::Base const**, std::vector<gen253::Base const*, std::allocator<gen253::Base const*> > >, __gnu_cxx::__normal_iterator<gen253::Base const**, std::vector<gen253::Base const*, std::allocator<gen253::Base const*> > >, __gnu_cxx::__normal_iterator<gen253::Base const**, std::vector<gen253::Base const*, std::allocator<gen253::Base const*> > >, __gnu_cxx::__normal_iterator<gen253::Base const**, std::vector<gen253::Base const*, std::allocator<gen253::Base const*> > >, gen253::Base const**, __gnu_cxx::__ops::_Iter_comp_iter<gen253::Graph::walk() const::{lambda(gen253::Base const*, gen253::Base const*)#1}>)
v8_inspector::protocol::Runtime::WebDriverValue::deserializer_descriptor()::{lambda(v8_crdtp::DeserializerState*, void*)#1}::_FUN(v8_crdtp::DeserializerState*, void*)
std::_Function_handler<bool (v8::internal::IsStaticFlag), v8::debug::GetPrivateMembers(v8::Local<v8::Context>, v8::Local<v8::Object>, int, std::vector<v8::Local<v8::Value>, std::allocator<v8::Local<v8::Value> > >*, std::vector<v8::Local<v8::Value>, std::allocator<v8::Local<v8::Value> > >*)::{lambda(v8::internal::IsStaticFlag)#2}>::_M_manager(std::_Any_data&, std::_Any_data const&, std::_Manager_operation)
std::_Function_handler<int (gen32::Rec const&), gen32::Store::add(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)::{lambda(gen32::Rec const&)#1}>::_M_invoke(std::_Any_data const&, gen32::Rec const&)
std::_Function_handler<int (gen16::Rec const&), gen16::Store::add(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)::{lambda(gen16::Rec const&)#1}>::_M_invoke(std::_Any_data const&, gen16::Rec const&)
__gnu_cxx::__normal_iterator<gen1::Base const**, std::vector<gen1::Base const*, std::allocator<gen1::Base const*> > > std::__move_merge<gen1::Base const**, __gnu_cxx::__normal_iterator<gen1::Base const**, std::vector<gen1::Base const*, std::allocator<gen1::Base const*> > >, __gnu_cxx::__ops::_Iter_comp_iter<gen1::Graph::walk() const::{lambda(gen1::Base const*, gen1::Base const*)#1}> >(gen1::Base const**, gen1::Base const**, gen1::Base const**, gen1::Base const**, __gnu_cxx::__normal_iterator<gen1::Base const**, std::vector<gen1::Base const*, std::allocator<gen1::Base const*> > >, __gnu_cxx::__ops::_Iter_comp_iter<gen1::Graph::walk() const::{lambda(gen1::Base const*, gen1::Base const*)#1}>)
void std::__inplace_stable_sort<__gnu_cxx::__normal_iterator<gen249::Base const**, std::vector<gen249::Base const*, std::allocator<gen249::Base const*> > >, __gnu_cxx::__ops::_Iter_comp_iter<gen249::Graph::walk() const::{lambda(gen249::Base const*, gen249::Base const*)#1}> >(__gnu_cxx::__normal_iterator<gen249::Base const**, std::vector<gen249::Base const*, std::allocator<gen249::Base const*> > >, __gnu_cxx::__normal_iterator<gen249::Base const**, std::vector<gen249::Base const*, std::allocator<gen249::Base const*> > >, __gnu_cxx::__ops::_Iter_comp_iter<gen249::Graph::walk() const::{lambda(gen249::Base const*, gen249::Base const*)#1}>)
void std::__merge_without_buffer<__gnu_cxx::__normal_iterator<gen117::Base const**, std::vector<gen117::Base const*, std::allocator<gen117::Base const*> > >, long, __gnu_cxx::__ops::_Iter_comp_iter<gen117::Graph::walk() const::{lambda(gen117::Base const*, gen117::Base const*)#1}> >(__gnu_cxx::__normal_iterator<gen117::Base const**, std::vector<gen117::Base const*, std::allocator<gen117::Base const*> > >, __gnu_cxx::__normal_iterator<gen117::Base const**, std::vector<gen117::Base const*, std::allocator<gen117::Base const*> > >, __gnu_cxx::__normal_iterator<gen117::Base const**, std::vector<gen117::Base const*, std::allocator<gen117::Base const*> > >, long, long, __gnu_cxx::__ops::_Iter_comp_iter<gen117::Graph::walk() const::{lambda(gen117::Base const*, gen117::Base const*)#1}>)
std::_Function_handler<void (unsigned long), node::(anonymous namespace)::FdEntry::ReaderImpl::Pull(std::function<void (int, node::DataQueue::Vec const*, unsigned long, std::function<void (unsigned long)>)>, int, node::DataQueue::Vec*, unsigned long, unsigned long)::{lambda(unsigned long)#1}>::_M_manager(std::_Any_data&, std::_Any_data const&, std::_Manager_operation)
v8_inspector::protocol::Debugger::(anonymous namespace)::resumeParams::deserializer_descriptor()::{lambda(v8_crdtp::DeserializerState*, void*)#1}::_FUN(v8_crdtp::DeserializerState*, void*)
auto std::__detail::__variant::_Copy_ctor_base<false, long, double, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >::_Copy_ctor_base(std::__detail::__variant::_Copy_ctor_base<false, long, double, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > const&)::{lambda(auto:1&&, auto:2)#1}::operator()<double const&, std::integral_constant<unsigned long, 1ul> >(double const&, std::integral_constant<unsigned long, 1ul>)
v8_inspector::protocol::HeapProfiler::(anonymous namespace)::takeHeapSnapshotParams::deserializer_descriptor()::{lambda(v8_crdtp::DeserializerState*, void*)#4}::_FUN(v8_crdtp::DeserializerState*, void*)
void std::__merge_adaptive<__gnu_cxx::__normal_iterator<gen285::Base const**, std::vector<gen285::Base const*, std::allocator<gen285::Base const*> > >, long, gen285::Base const**, __gnu_cxx::__ops::_Iter_comp_iter<gen285::Graph::walk() const::{lambda(gen285::Base const*, gen285::Base const*)#1}> >(__gnu_cxx::__normal_iterator<gen285::Base const**, std::vector<gen285::Base const*, std::allocator<gen285::Base const*> > >, __gnu_cxx::__normal_iterator<gen285::Base const**, std::vector<gen285::Base const*, std::allocator<gen285::Base const*> > >, __gnu_cxx::__normal_iterator<gen285::Base const**, std::vector<gen285::Base const*, std::allocator<gen285::Base const*> > >, long, long, gen285::Base const**, long, __gnu_cxx::__ops::_Iter_comp_iter<gen285::Graph::walk() const::{lambda(gen285::Base const*, gen285::Base const*)#1}>)
typeinfo for clang::interp::ByteCodeExprGen<clang::interp::ByteCodeEmitter>::visitGlobalInitializer(clang::Expr const*, unsigned int)::{lambda()#1}
node::crypto::CipherBase::Init(char const*, node::crypto::ArrayBufferOrViewContents<unsigned char> const&, unsigned int) [clone .cold]
node::DebugEnd(v8::FunctionCallbackInfo<v8::Value> const&) [clone .cold]
ada::url_aggregator::clear_port() [clone .part.0]
std::pair<v8::internal::wasm::HeapType, unsigned int> v8::internal::wasm::value_type_reader::read_heap_type<v8::internal::wasm::Decoder::NoValidationTag>(v8::internal::wasm::Decoder*, unsigned char const*, v8::internal::wasm::WasmFeatures const&) [clone .isra.0]
void std::__push_heap<__gnu_cxx::__normal_iterator<gen314::Job*, std::vector<gen314::Job, std::allocator<gen314::Job> > >, long, gen314::Job, __gnu_cxx::__ops::_Iter_comp_val<std::less<gen314::Job> > >(__gnu_cxx::__normal_iterator<gen314::Job*, std::vector<gen314::Job, std::allocator<gen314::Job> > >, long, long, gen314::Job, __gnu_cxx::__ops::_Iter_comp_val<std::less<gen314::Job> >&) [clone .isra.0]
v8::internal::compiler::turboshaft::OpIndex v8::internal::compiler::turboshaft::AssertTypesReducer<v8::internal::compiler::turboshaft::ReducerStack<v8::internal::compiler::turboshaft::Assembler<v8::internal::compiler::turboshaft::reducer_list<v8::internal::compiler::turboshaft::AssertTypesReducer, v8::internal::compiler::turboshaft::ValueNumberingReducer, v8::internal::compiler::turboshaft::TypeInferenceReducer> >, v8::internal::compiler::turboshaft::ValueNumberingReducer, v8::internal::compiler::turboshaft::TypeInferenceReducer, v8::internal::compiler::turboshaft::ReducerBase> >::ReduceInputGraphOperation<v8::internal::compiler::turboshaft::LoadRootRegisterOp, v8::internal::compiler::turboshaft::UniformReducerAdapter<v8::internal::compiler::turboshaft::AssertTypesReducer, v8::internal::compiler::turboshaft::ReducerStack<v8::internal::compiler::turboshaft::Assembler<v8::internal::compiler::turboshaft::reducer_list<v8::internal::compiler::turboshaft::AssertTypesReducer, v8::internal::compiler::turboshaft::ValueNumberingReducer, v8::internal::compiler::turboshaft::TypeInferenceReducer> >, v8::internal::compiler::turboshaft::ValueNumberingReducer, v8::internal::compiler::turboshaft::TypeInferenceReducer, v8::internal::compiler::turboshaft::ReducerBase> >::ReduceLoadRootRegisterContinuation>(v8::internal::compiler::turboshaft::OpIndex, v8::internal::compiler::turboshaft::LoadRootRegisterOp const&) [clone .isra.0]
node::AsyncHooks::SerializeInfo node::SnapshotDeserializer::Read<node::AsyncHooks::SerializeInfo, (void*)0, (void*)0>() [clone .cold]
v8::internal::ZoneVector<v8::internal::compiler::PropertyAccessInfo>::operator=(v8::internal::ZoneVector<v8::internal::compiler::PropertyAccessInfo> const&) [clone .isra.0]
icu_78::SimpleFormatter::formatAndAppend(icu_78::UnicodeString const* const*, int, icu_78::UnicodeString&, int*, int, UErrorCode&) const [clone .cold]
std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::assign(char const*) [clone .isra.0]
demo::algo::Registry::histogram[abi:cxx11]() const [clone .cold]
icu_78::Locale::getUK() [clone .cold]
icu_78::MessageFormat::format(int, void const*, icu_78::Formattable const*, icu_78::UnicodeString const*, int, icu_78::AppendableWrapper&, icu_78::FieldPosition*, UErrorCode&) const [clone .part.0] [clone .cold]
std::_Rb_tree<gen48::Rec, gen48::Rec, std::_Identity<gen48::Rec>, std::less<gen48::Rec>, std::allocator<gen48::Rec> >::_M_erase(std::_Rb_tree_node<gen48::Rec>*) [clone .isra.0]
(anonymous namespace)::ARMDAGToDAGISel::SelectAddrMode2OffsetImmPre(llvm::SDNode*, llvm::SDValue, llvm::SDValue&, llvm::SDValue&)
(anonymous namespace)::AMDGPUOperand::isVISrc_1024F16() const
node::inspector::(anonymous namespace)::RegisterAsyncHookWrapper(v8::FunctionCallbackInfo<v8::Value> const&)::error_and_abort_args
v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::LiftoffCompiler, (v8::internal::wasm::DecodingMode)0>::DecodeI32And(v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::LiftoffCompiler, (v8::internal::wasm::DecodingMode)0>*, v8::internal::wasm::WasmOpcode)
icu_78::(anonymous namespace)::kZodiacsUChar
(anonymous namespace)::AMDGPUAsmParser::isSupportedMnemo(llvm::StringRef, llvm::FeatureBitset const&, llvm::ArrayRef<unsigned int>)
v8::internal::(anonymous namespace)::ElementsAccessorBase<v8::internal::(anonymous namespace)::FastPackedDoubleElementsAccessor, v8::internal::(anonymous namespace)::ElementsKindTraits<(v8::internal::ElementsKind)4> >::IncludesValue(v8::internal::Isolate*, v8::internal::Handle<v8::internal::JSObject>, v8::internal::Handle<v8::internal::Object>, unsigned long, unsigned long)
v8::internal::(anonymous namespace)::ElementsAccessorBase<v8::internal::(anonymous namespace)::TypedElementsAccessor<(v8::internal::ElementsKind)38, unsigned long>, v8::internal::(anonymous namespace)::ElementsKindTraits<(v8::internal::ElementsKind)38> >::Delete(v8::internal::Handle<v8::internal::JSObject>, v8::internal::InternalIndex)
llvm::(anonymous namespace)::AV_64_Align2
v8::internal::(anonymous namespace)::ElementsAccessorBase<v8::internal::(anonymous namespace)::FastHoleySmiElementsAccessor, v8::internal::(anonymous namespace)::ElementsKindTraits<(v8::internal::ElementsKind)1> >::HasElement(v8::internal::JSObject, unsigned int, v8::internal::FixedArrayBase, v8::internal::PropertyFilter)
(anonymous namespace)::useDefaultRegisterAllocator()
(anonymous namespace)::AMDGPUAtomicOptimizer::ID
node::cares_wrap::(anonymous namespace)::AfterGetAddrInfo(uv_getaddrinfo_s*, int, addrinfo*)::trace_event_unique_atomic1517
v8_inspector::(anonymous namespace)::EvaluateCallbackWrapper<v8_inspector::protocol::Runtime::Backend::EvaluateCallback>::~EvaluateCallbackWrapper()
clang::driver::ToolChain::getCompilerRTBasename[abi:cxx11](llvm::opt::ArgList const&, llvm::StringRef, clang::driver::ToolChain::FileType) const
llvm::FuncDataT<llvm::EmptyData>::getEntryBlockName[abi:cxx11]() const
polly::Scop::getContextStr[abi:cxx11]() const
node::GetHumanReadableProcessName[abi:cxx11]()
llvm::ExpressionFormat::getWildcardRegex[abi:cxx11]() const
v8::internal::Intl::GetAvailableLocalesForDateFormat[abi:cxx11]()
clang::transformer::maybeAddressOf[abi:cxx11](llvm::StringRef)
llvm::UpgradeDataLayoutString[abi:cxx11](llvm::StringRef, llvm::StringRef)
llvm::DOTGraphTraits<llvm::DOTFuncInfo*>::getSimpleNodeLabel[abi:cxx11](llvm::BasicBlock const*, llvm::DOTFuncInfo*)
clang::CodeGen::CoverageMappingModuleGen::normalizeFilename[abi:cxx11](llvm::StringRef)
clang::driver::tools::aarch64::getAArch64TargetCPU[abi:cxx11](llvm::opt::ArgList const&, llvm::Triple const&, llvm::opt::Arg*&)
guard variable for llvm::codegen::RegisterCodeGenFlags::RegisterCodeGenFlags()::TrapFuncName[abi:cxx11]
llvm::RegionBase<llvm::RegionTraits<llvm::MachineFunction> >::getNameStr[abi:cxx11]() const
clang::scanDirectory[abi:cxx11](llvm::StringRef)
vtable for node::cares_wrap::QueryWrap<node::cares_wrap::SrvTraits>
typeinfo name for (anonymous namespace)::SIPostRABundler
typeinfo name for gen353::Base
typeinfo for gen233::Node<9>
typeinfo name for (anonymous namespace)::$_0
non-virtual thunk to node::(anonymous namespace)::CompressionStream<node::(anonymous namespace)::BrotliEncoderContext>::AfterThreadPoolWork(int)
typeinfo for llvm::orc::IRTransformLayer
vtable for gen145::Node<2>
non-virtual thunk to node::crypto::KeyGenJob<node::crypto::KeyPairGenTraits<node::crypto::NidKeyPairGenTraits> >::DoThreadPoolWork()
typeinfo for icu_78::GMTOffsetField
typeinfo name for llvm::pdb::NativeTypeFunctionSig
typeinfo for llvm::cl::basic_parser<unsigned int>
vtable for llvm::orc::EPCEHFrameRegistrar
vtable for clang::PragmaNamespace
icu_78::number::impl::AffixUtils::iterateWithConsumer(icu_78::UnicodeString const&, icu_78::number::impl::TokenConsumer&, UErrorCode&)
v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::LiftoffCompiler, (v8::internal::wasm::DecodingMode)0>::DecodeStringNewWtf8Array(unibrow::Utf8Variant, unsigned int)
icu_78::number::impl::AffixUtils::escape(icu_78::UnicodeString const&)
icu_78::number::impl::AffixUtils::estimateLength(icu_78::UnicodeString const&, UErrorCode&)
v8::internal::GCTracer::RecordMutatorUtilization(double, double)
std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > node::SPrintF<node::Utf8Value&>(char const*, node::Utf8Value&)
v8::internal::AsmJsScanner::AsmJsScanner(v8::internal::Utf16CharacterStream*)
llvm::ARMBasicBlockUtils::computeBlockSize(llvm::MachineBasicBlock*)
v8::internal::wasm::WasmFullDecoder<v8::internal::wasm::Decoder::NoValidationTag, v8::internal::wasm::(anonymous namespace)::WasmGraphBuildingInterface, (v8::internal::wasm::DecodingMode)0>::DecodeStringEncodeWtf8(unibrow::Utf8Variant, unsigned int)
llvm::MemorySSAUtil::defClobbersUseOrDef(llvm::MemoryDef*, llvm::MemoryUseOrDef const*, llvm::AAResults&)
node::fs::WriteFileUtf8(v8::FunctionCallbackInfo<v8::Value> const&) [clone .cold]
node::SPrintFImpl<node::Utf8Value&, node::Utf8Value&>(char const*, node::Utf8Value&, node::Utf8Value&)::error_and_abort_args
icu_78::number::impl::PatternStringUtils::convertLocalized(icu_78::UnicodeString const&, icu_78::DecimalFormatSymbols const&, bool, UErrorCode&)
std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > node::SPrintF<node::Utf8Value&, node::Utf8Value&, node::Utf8Value&>(char const*, node::Utf8Value&, node::Utf8Value&, node::Utf8Value&)
vtable for clang::interp::ByteCodeEmitter
clang::AssumeAlignedAttr::Create(clang::ASTContext&, clang::Expr*, clang::Expr*, clang::AttributeCommonInfo const&)
clang::IfStmt::setConditionVariable(clang::ASTContext const&, clang::VarDecl*)
void node::FPrintF<unsigned long&, int&>(_IO_FILE*, char const*, unsigned long&, int&)
clang::OMPCaptureKindAttr::OMPCaptureKindAttr(clang::ASTContext&, clang::AttributeCommonInfo const&, unsigned int)
v8::internal::SharedMacroAssemblerBase::I16x8Splat(v8::internal::XMMRegister, v8::internal::Operand)
clang::ento::FalsePositiveRefutationBRVisitor::VisitNode(clang::ento::ExplodedNode const*, clang::ento::BugReporterContext&, clang::ento::PathSensitiveBugReport&)
clang::dataflow::transferBlock(clang::dataflow::ControlFlowContext const&, std::vector<llvm::Optional<clang::dataflow::TypeErasedDataflowAnalysisState>, std::allocator<llvm::Optional<clang::dataflow::TypeErasedDataflowAnalysisState> > >&, clang::CFGBlock const&, clang::dataflow::Environment const&, clang::dataflow::TypeErasedDataflowAnalysis&, std::function<void (clang::CFGStmt const&, clang::dataflow::TypeErasedDataflowAnalysisState const&)>)
clang::CUDADeviceBuiltinTextureTypeAttr::CreateImplicit(clang::ASTContext&, clang::AttributeCommonInfo const&)
void std::vector<v8::internal::HeapObjectsMap::TimeInterval, std::allocator<v8::internal::HeapObjectsMap::TimeInterval> >::_M_realloc_insert<unsigned int&>(__gnu_cxx::__normal_iterator<v8::internal::HeapObjectsMap::TimeInterval*, std::vector<v8::internal::HeapObjectsMap::TimeInterval, std::allocator<v8::internal::HeapObjectsMap::TimeInterval> > >, unsigned int&)
clang::VerifyPCHAction::CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef)
llvm::XSeqPairsClass_with_subo64_in_GPR64commonSubClassMask
clang::ento::setClassObjectDynamicTypeInfo(llvm::IntrusiveRefCntPtr<clang::ento::ProgramState const>, clang::ento::SymExpr const*, clang::ento::DynamicTypeInfo)
clang::CompilerInstance::loadModuleFile(llvm::StringRef)
clang::DiagnosticRenderer::emitMacroExpansions(clang::FullSourceLoc, clang::DiagnosticsEngine::Level, llvm::ArrayRef<clang::CharSourceRange>, llvm::ArrayRef<clang::FixItHint>)
typeinfo for llvm::cl::opt_storage<llvm::PassSummaryAction, false, false>
llvm::BlockFrequencyInfoImpl<llvm::MachineBasicBlock>::setBlockFreq(llvm::MachineBasicBlock const*, unsigned long)
(anonymous namespace)::ARMAsmParser::fixupGNULDRDAlias(llvm::StringRef, llvm::SmallVectorImpl<std::unique_ptr<llvm::MCParsedAsmOperand, std::default_delete<llvm::MCParsedAsmOperand> > >&)
llvm::cl::opt<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, false, llvm::cl::parser<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >::opt<char [20], llvm::cl::OptionHidden, llvm::cl::desc>(char const (&) [20], llvm::cl::OptionHidden const&, llvm::cl::desc const&)
clang::ASTNodeImporter::VisitImportDecl(clang::ImportDecl*)
llvm::DominatorTreeBase<llvm::BasicBlock, true>::operator[](llvm::BasicBlock const*) const
node::CallbackQueue<void, node::Environment*>::CallbackImpl<napi_async_cleanup_hook_handle__::~napi_async_cleanup_hook_handle__()::{lambda(node::Environment*)#1}>::~CallbackImpl()
icu_78::number::impl::MutablePatternModifier::processQuantity(icu_78::number::impl::DecimalQuantity&, icu_78::number::impl::MicroProps&, UErrorCode&) const
std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > node::SPrintFImpl<unsigned long&, unsigned long&, unsigned int&>(char const*, unsigned long&, unsigned long&, unsigned int&)
icu_78::Normalizer2Impl::getPreviousTrailCC(char16_t const*, char16_t const*) const
clang::CodeGen::CodeGenFunction::EmitDeleteCall(clang::FunctionDecl const*, llvm::Value*, clang::QualType, llvm::Value*, clang::CharUnits)
typeinfo name for std::_Sp_counted_ptr_inplace<llvm::CodeViewYAML::detail::SymbolRecordImpl<llvm::codeview::ExportSym>, std::allocator<void>, (__gnu_cxx::_Lock_policy)2>
typeinfo name for llvm::cl::OptionValueBase<llvm::DebuggerKind, false>
vtable for llvm::cl::opt<llvm::FunctionPass* (*)(), false, llvm::RegisterPassParser<llvm::RegisterRegAlloc> >
typeinfo name for llvm::detail::PassModel<llvm::Function, llvm::BPFPreserveDITypePass, llvm::PreservedAnalyses, llvm::AnalysisManager<llvm::Function>>
getPostIndexedLoadStoreOpcode(unsigned int, llvm::ARM_AM::AddrOpc)
typeinfo name for llvm::TargetTransformInfo::Model<llvm::BPFTTIImpl>
llvm::ARM::GPRnoip_and_hGPRRegClass
typeinfo for llvm::cl::OptionValueBase<llvm::FunctionPass* (*)(), false>
llvm::object::resolveRelocation(unsigned long (*)(unsigned long, unsigned long, unsigned long, unsigned long, long), llvm::object::RelocationRef const&, unsigned long, unsigned long)
icu_78::enumNames(icu_78::UCharNames*, int, int, signed char (*)(void*, int, UCharNameChoice, char const*, int), void*, UCharNameChoice)
llvm::BPFSelectionDAGInfo::~BPFSelectionDAGInfo()
(anonymous namespace)::BPFPreserveDIType::runOnFunction(llvm::Function&)
node::wasi::WASI::WasiFunction<unsigned int (*)(node::wasi::WASI&, node::wasi::WasmMemory, unsigned int, unsigned int), &node::wasi::WASI::ArgsSizesGet, unsigned int, unsigned int, unsigned int>::SlowCallback(v8::FunctionCallbackInfo<v8::Value> const&)
v8::internal::HeapProfiler::RemoveBuildEmbedderGraphCallback(void (*)(v8::Isolate*, v8::EmbedderGraph*, void*), void*)
node::wasi::WASI::WasiFunction<unsigned int (*)(node::wasi::WASI&, node::wasi::WasmMemory, unsigned int, unsigned int, unsigned int, unsigned long, unsigned int), &node::wasi::WASI::FdPread, unsigned int, unsigned int, unsigned int, unsigned int, unsigned long, unsigned int>::FastCallback(v8::Local<v8::Object>, unsigned int, unsigned int, unsigned int, unsigned long, unsigned int, v8::FastApiCallbackOptions&)
void std::__stable_sort_adaptive<v8::internal::RegExpTree**, v8::internal::RegExpTree**, long, __gnu_cxx::__ops::_Iter_comp_iter<v8::internal::ZoneList<v8::internal::RegExpTree*>::StableSort<int (*)(v8::internal::RegExpTree* const*, v8::internal::RegExpTree* const*)>(int (*)(v8::internal::RegExpTree* const*, v8::internal::RegExpTree* const*), unsigned long, unsigned long)::{lambda(v8::internal::RegExpTree* const&, v8::internal::RegExpTree* const&)#1}> >(v8::internal::RegExpTree**, v8::internal::RegExpTree**, v8::internal::RegExpTree**, long, __gnu_cxx::__ops::_Iter_comp_iter<v8::internal::ZoneList<v8::internal::RegExpTree*>::StableSort<int (*)(v8::internal::RegExpTree* const*, v8::internal::RegExpTree* const*)>(int (*)(v8::internal::RegExpTree* const*, v8::internal::RegExpTree* const*), unsigned long, unsigned long)::{lambda(v8::internal::RegExpTree* const&, v8::internal::RegExpTree* const&)#1}>)
clang::RecursiveASTVisitor<clang::ParentMapContext::ParentMap::ASTVisitor>::TraverseOMPTargetTeamsDistributeParallelForDirective(clang::OMPTargetTeamsDistributeParallelForDirective*, llvm::SmallVectorImpl<llvm::PointerIntPair<clang::Stmt*, 1u, bool, llvm::PointerLikeTypeTraits<clang::Stmt*>, llvm::PointerIntPairInfo<clang::Stmt*, 1u, llvm::PointerLikeTypeTraits<clang::Stmt*> > > >*)
gen313::Node<3>::~Node()
bool llvm::DenseMapBase<llvm::SmallDenseMap<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, int, 4u, llvm::DenseMapInfo<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, void>, llvm::detail::DenseMapPair<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, int> >, std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, int, llvm::DenseMapInfo<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, void>, llvm::detail::DenseMapPair<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, int> >::LookupBucketFor<std::pair<llvm::BasicBlock*, llvm::BasicBlock*> >(std::pair<llvm::BasicBlock*, llvm::BasicBlock*> const&, llvm::detail::DenseMapPair<std::pair<llvm::BasicBlock*, llvm::BasicBlock*>, int> const*&) const
llvm::BuildMI(llvm::MachineBasicBlock&, llvm::MachineInstrBundleIterator<llvm::MachineInstr, false>, llvm::DebugLoc const&, llvm::MCInstrDesc const&)
bool llvm::PatternMatch::match<llvm::Value, llvm::PatternMatch::OneUse_match<llvm::PatternMatch::BinaryOp_match<llvm::PatternMatch::specificval_ty, llvm::PatternMatch::bind_ty<llvm::Value>, 18u, true> > >(llvm::Value*, llvm::PatternMatch::OneUse_match<llvm::PatternMatch::BinaryOp_match<llvm::PatternMatch::specificval_ty, llvm::PatternMatch::bind_ty<llvm::Value>, 18u, true> > const&)
__gnu_cxx::__pool<true>::_M_initialize_once()
std::common_type<std::chrono::duration<long, std::ratio<1l, 1l> >, std::chrono::duration<long, std::ratio<1l, 1000000000l> > >::type std::chrono::operator+<long, std::ratio<1l, 1l>, long, std::ratio<1l, 1000000000l> >(std::chrono::duration<long, std::ratio<1l, 1l> > const&, std::chrono::duration<long, std::ratio<1l, 1000000000l> > const&)
std::_Function_handler<float (float, float), v8::internal::compiler::turboshaft::FloatOperationTyper<32ul>::Divide(v8::internal::compiler::turboshaft::FloatType<32ul> const&, v8::internal::compiler::turboshaft::FloatType<32ul> const&, v8::internal::Zone*)::{lambda(float, float)#1}>::_M_invoke(std::_Any_data const&, float&&, float&&)
std::_Hashtable<int, std::pair<int const, int>, std::allocator<std::pair<int const, int> >, std::__detail::_Select1st, std::equal_to<int>, std::hash<int>, std::__detail::_Mod_range_hashing, std::__detail::_Default_ranged_hash, std::__detail::_Prime_rehash_policy, std::__detail::_Hashtable_traits<false, false, true> >::_M_erase(std::integral_constant<bool, true>, int const&)
__gnu_cxx::__mt_alloc<wchar_t, __gnu_cxx::__common_pool_policy<__gnu_cxx::__pool, true> >::~__mt_alloc()
llvm::orc::SequenceBBQuery::traverseToExitBlock(llvm::BasicBlock const*, llvm::SmallVector<llvm::BasicBlock const*, 8u> const&, llvm::SmallVector<std::pair<llvm::BasicBlock const*, llvm::BasicBlock const*>, 8u> const&, llvm::BranchProbabilityInfo const*, llvm::DenseMap<llvm::BasicBlock const*, llvm::orc::SequenceBBQuery::WalkDirection, llvm::DenseMapInfo<llvm::BasicBlock const*, void>, llvm::detail::DenseMapPair<llvm::BasicBlock const*, llvm::orc::SequenceBBQuery::WalkDirection> >&)
void std::vector<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> >, std::allocator<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> > > >::_M_realloc_insert<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> > >(__gnu_cxx::__normal_iterator<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> >*, std::vector<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> >, std::allocator<std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> > > > >, std::pair<llvm::Value*, llvm::SmallVector<llvm::StoreInst*, 8u> >&&)
vtable for gen53::Node<2>
typeinfo for llvm::cl::opt<llvm::FramePointerKind, false, llvm::cl::parser<llvm::FramePointerKind> >::{lambda(llvm::FramePointerKind const&)#1}
std::__cxx11::basic_string<char, std::char_traits<char>, std::pmr::polymorphic_allocator<char> >::_M_construct<char const*>(char const*, char const*, std::forward_iterator_tag)::_Guard::~_Guard()
std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_construct<__gnu_cxx::__normal_iterator<char*, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >(__gnu_cxx::__normal_iterator<char*, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, __gnu_cxx::__normal_iterator<char*, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::forward_iterator_tag)::_Guard::_Guard(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >*)
(anonymous namespace)::AMDGPUAsmParser::getMatchedVariants() const::Variants
v8::internal::ConcurrentAllocator::AllocateFromSpaceFreeList(unsigned long, unsigned long, v8::internal::AllocationOrigin)::trace_event_unique_atomic202
std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> >::_M_construct<__gnu_cxx::__normal_iterator<wchar_t*, std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> > > >(__gnu_cxx::__normal_iterator<wchar_t*, std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> > >, __gnu_cxx::__normal_iterator<wchar_t*, std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> > >, std::forward_iterator_tag)::_Guard::_Guard(std::__cxx11::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t> >*)
node::crypto::Hash::New(v8::FunctionCallbackInfo<v8::Value> const&)::error_and_abort_args
llvm::GPRwithZRnospGetRawAllocationOrder(llvm::MachineFunction const&)::AltOrder1
node::Environment::Environment(node::IsolateData*, v8::Isolate*, std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > const&, std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > const&, node::EnvSerializeInfo const*, node::EnvironmentFlags::Flags, node::ThreadId)::trace_event_unique_atomic925
(anonymous namespace)::ARMDAGToDAGISel::Select(llvm::SDNode*)::QOpcodes
node::AcceptHandle<node::PipeWrap>(node::Environment*, node::LibuvStreamWrap*)::error_and_abort_args
node::HistogramBase::New(v8::FunctionCallbackInfo<v8::Value> const&)::error_and_abort_args
v8::internal::RegExpCaseFolding::IgnoreSet()::set
node::SPrintFImpl<unsigned int&, unsigned int&, unsigned int&, unsigned long&, unsigned int&>(char const*, unsigned int&, unsigned int&, unsigned int&, unsigned long&, unsigned int&)::error_and_abort_args
node::fs::Symlink(v8::FunctionCallbackInfo<v8::Value> const&)::error_and_abort_args
serde_core::de::Visitor::visit_i128
core::str::<impl str>::trim_start_matches
<regex_automata::meta::strategy::ReverseSuffix as regex_automata::meta::strategy::Strategy>::search_half
nextest_runner::record::chrome_trace::_::<impl serde_core::ser::Serialize for nextest_runner::record::chrome_trace::ChromeTraceArgs>::serialize
alloc::vec::Vec<T,A>::extend_desugared
serde_core::de::Visitor::visit_seq
alloc::slice::<impl [T]>::repeat
anyhow::fmt::<impl anyhow::error::ErrorImpl>::display
<nextest_runner::config::scripts::imp::ScriptCommand as core::fmt::Debug>::fmt
serde_path_to_error::de::<impl serde_core::de::Visitor for serde_path_to_error::wrap::Wrap<X>>::visit_string
indexmap::map::IndexMap<K,V,S>::get_index_of
<clap_builder::builder::styled_str::StyledStr as core::fmt::Display>::fmt
<termwiz::tmux_cc::parser::TmuxParser as pest::parser::Parser<termwiz::tmux_cc::parser::Rule>>::parse::rules::visible::word::{{closure}}::{{closure}}::{{closure}}::{{closure}}::{{closure}}::{{closure}}::{{closure}}
<serde::private::de::content::ContentRefDeserializer<E> as serde_core::de::Deserializer>::deserialize_seq
core::fmt::builders::DebugSet::entries
serde_core::de::Visitor::visit_some
<alloc::sync::Arc<T> as core::error::Error>::cause
tokio::runtime::io::driver::Handle::add_source
<core::iter::adapters::map::Map<I,F> as core::iter::traits::iterator::Iterator>::next
termwiz::escape::apc::KittyImageFrame::from_keys
<thin_vec::ThinVec<rustc_ast::ast::PathSegment>>::push
rustc_next_trait_solver::solve::assembly::structural_traits::instantiate_constituent_tys_for_copy_clone_trait::__CALLSITE::META
<rustc_parse::parser::Parser>::unexpected_any::<()>
core::ptr::drop_in_place::<alloc::vec::Vec<rustc_index::bit_set::Chunk>>
<rustc_middle::mir::interpret::error::InterpErrorInfo>::into_kind
<rustc_next_trait_solver::solve::eval_ctxt::EvalCtxt<rustc_trait_selection::solve::delegate::SolverDelegate, rustc_middle::ty::context::TyCtxt>>::characterize_param_env_assumption
stacker::grow::<(rustc_middle::query::erase::ErasedData<[u8; 8]>, core::option::Option<rustc_middle::dep_graph::graph::DepNodeIndex>), rustc_query_impl::execution::execute_query_incr_inner<rustc_middle::query::caches::DefaultCache<rustc_type_ir::canonical::CanonicalQueryInput<rustc_middle::ty::context::TyCtxt, rustc_middle::ty::ParamEnvAnd<rustc_middle::traits::query::type_op::Normalize<rustc_type_ir::ty_kind::FnSig<rustc_middle::ty::context::TyCtxt>>>>, rustc_middle::query::erase::ErasedData<[u8; 8]>>>::{closure#0}>::{closure#0}
<rustc_errors::diagnostic::Diag<rustc_errors::diagnostic::FatalAbort>>::span::<rustc_span::span_encoding::Span>
<rustc_middle::query::stack::QueryStackDeferred>::new::<(rustc_middle::ty::context::TyCtxt, &rustc_middle::query::plumbing::QueryVTable<rustc_middle::query::caches::DefaultCache<rustc_middle::ty::consts::lit::LitToConstInput, rustc_middle::query::erase::ErasedData<[u8; 16]>>>, rustc_middle::ty::consts::lit::LitToConstInput)>::{closure#0}
<&rustc_middle::mir::syntax::ProjectionElem<rustc_middle::mir::Local, rustc_middle::ty::Ty> as core::fmt::Debug>::fmt
rustc_hir::intravisit::walk_fn_decl::<rustc_incremental::assert_dep_graph::IfThisChanged>
core::ptr::drop_in_place::<thin_vec::ThinVec<rustc_ast::ast::Arm>>
<rustc_type_ir::predicate::NormalizesTo<rustc_middle::ty::context::TyCtxt> as core::fmt::Debug>::fmt
rustc_query_impl::query_impl::attrs_for_def::gather_active_jobs::__CALLSITE::META
rustc_next_trait_solver::canonical::instantiate_and_apply_query_response::<rustc_trait_selection::solve::delegate::SolverDelegate, rustc_middle::ty::context::TyCtxt>
<<rustc_attr_parsing::attributes::Single<rustc_attr_parsing::attributes::WithoutArgs<rustc_attr_parsing::attributes::rustc_internal::PreludeImportParser, rustc_attr_parsing::context::Late>, rustc_attr_parsing::context::Late> as rustc_attr_parsing::attributes::AttributeParser<rustc_attr_parsing::context::Late>>::ATTRIBUTES::{closure#0} as core::ops::function::FnOnce<(&mut rustc_attr_parsing::attributes::Single<rustc_attr_parsing::attributes::WithoutArgs<rustc_attr_parsing::attributes::rustc_internal::PreludeImportParser, rustc_attr_parsing::context::Late>, rustc_attr_parsing::context::Late>, &mut rustc_attr_parsing::context::AcceptContext<rustc_attr_parsing::context::Late>, &rustc_attr_parsing::parser::ArgParser)>>::call_once
<u128 as core::fmt::LowerExp>::fmt
<rustc_passes::dead::MarkSymbolVisitor as rustc_hir::intravisit::Visitor>::visit_generics
core::ptr::drop_in_place::<rustc_mir_dataflow::framework::graphviz::StateDiffCollector<rustc_index::bit_set::DenseBitSet<rustc_middle::mir::Local>>>
core::ptr::drop_in_place::<rustc_type_ir::search_graph::global_cache::GlobalCache<rustc_middle::ty::context::TyCtxt>>
<jiff::span::Span>::try_days_ranged::<jiff::util::rangeint::ri128<-0x0000000000000000000000000000000_, 0xfffffffffffffffffffffffffffffff_>>
main
_Z
_Zfoo
f() [clone .cold]
f()
.f()
_GLOBAL__sub_I_main.cpp
_ZN3foo3barE.llvm.123
_ZN1a1bE17h0123456789abcdefE
a::b
